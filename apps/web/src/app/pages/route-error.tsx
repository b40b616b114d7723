import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a route fails to load or render (for example a chunk lost after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title={t('app.pages.errorTitle')}
      subTitle={t('app.pages.errorText')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('app.pages.reload')}
        </Button>
      }
    />
  );
}
