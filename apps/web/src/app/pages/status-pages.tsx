import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../shared/session/access';

/** /404: where unknown paths land (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('app.pages.notFound')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('app.pages.toDashboard')}
        </Button>
      }
    />
  );
}

/** /401: shown when the user may not open a page (spec §8). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('app.pages.unauthorized')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('app.pages.toDashboard')}
        </Button>
      }
    />
  );
}
