import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../http/api-error';

/**
 * What a part of a screen shows when its data could not be loaded (a query in its error state): the
 * server's message, else "try again later", as an alert that screen readers announce. A part that shows a
 * skeleton while loading shows this once loading failed, never the skeleton for ever or an empty state that
 * would read as "nothing there".
 */
export function QueryError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <Alert type="error" showIcon role="alert" title={errorText(error, t('common.errors.tryLater'))} />;
}

/** The part of a TanStack Query result a list needs to tell "failed" from "empty". */
export interface LoadState {
  isError: boolean;
  data?: unknown;
  error: unknown;
}

/**
 * What a list fed by `query` shows when it has no rows (a table's `locale.emptyText`): the error when loading
 * failed and nothing was loaded before, else `empty` (undefined: antd's own "no data"). A failed load must not
 * read as "no alarms" or "no users".
 */
export function emptyOrError(query: LoadState, empty?: ReactNode): ReactNode {
  // `!data`, as the screens test a failed first load (`isError && !data`).
  return query.isError && !query.data ? <QueryError error={query.error} /> : empty;
}
