import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../http/api-error';

/**
 * What a part of a screen shows when its data could not be loaded (a query in its error state): the
 * server's message, else "try again later", as an alert that screen readers announce. A part that shows a
 * skeleton while loading shows this once loading failed, never the skeleton for ever or an empty state that
 * would read as "nothing there".
 */
export function QueryError({ error, className }: { error: unknown; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className={className}
      title={errorText(error, t('common.errors.tryLater'))}
    />
  );
}
