import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../shared/session/access';

/**
 * antd's status illustrations carry an English <title> ("No Found", "Unauthorized") that screen readers
 * read and a mouse shows, in every language (issue 34 item 10). The page's heading and text say it all:
 * the picture is made decorative.
 */
function decorative(root: HTMLElement | null): void {
  for (const svg of root?.querySelectorAll('.ant-result-image svg') ?? []) {
    for (const title of svg.querySelectorAll('title')) title.remove();
    svg.setAttribute('aria-hidden', 'true');
  }
}

/** /404: where unknown paths land (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div ref={decorative}>
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
    </div>
  );
}

/** True when this tab has a page of the app to go back to (react-router keeps its index in history.state). */
function canGoBack(): boolean {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/**
 * /401: shown when the user may not open a page (spec §6/§8): says so, and offers the way back (the
 * previous page when there is one) and the dashboard.
 */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div ref={decorative}>
      <Result
        status="403"
        title="401"
        subTitle={t('app.pages.unauthorized')}
        extra={[
          canGoBack() && (
            <Button key="back" onClick={() => navigate(-1)}>
              {t('app.pages.goBack')}
            </Button>
          ),
          <Button key="home" type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('app.pages.toDashboard')}
          </Button>,
        ]}
      />
    </div>
  );
}
