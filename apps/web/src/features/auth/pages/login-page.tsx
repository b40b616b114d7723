import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../shared/i18n/language-switch';
import { safeRedirect } from '../../../shared/session/access';
import { getToken } from '../../../shared/session/cookies';
import { currentMode } from '../../../shared/session/mode';
import { PlatformBrand } from '../../../shared/ui/brand';
import { LoginForm } from '../components/login-form';
import { LoginHero } from '../components/login-hero';
import '../components/login.css';
import type { SignInKind } from '../lib/sign-in';

/**
 * Sign-in page of /login, /common/login and /login/admin (spec §2). After signing in the user goes to
 * the `redirect` query when it is a path of this site, else to /dashboard; a visitor who still holds a
 * token goes there at once.
 */
export function LoginPage({ kind = 'owner' }: { kind?: SignInKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = safeRedirect(search.get('redirect'));
  if (getToken()) return <Navigate to={target} replace />;

  return (
    <div className="login-page">
      <LoginHero />
      <main className="login-main">
        <div className="login-topline">
          <PlatformBrand mode={currentMode()} />
          <LanguageSwitch />
        </div>
        <div className="login-card">
          <Typography.Title level={1} className="login-title">
            {kind === 'admin' ? t('auth.login.adminTitle') : t('auth.login.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {kind === 'admin' ? t('auth.login.adminHint') : t('auth.login.hint')}
          </Typography.Paragraph>
          <LoginForm kind={kind} onSignedIn={() => navigate(target, { replace: true })} />
          {kind === 'owner' && (
            <div className="login-links">
              <Link to="/password/back">{t('auth.login.forgotPassword')}</Link>
              <Link to="/register">{t('auth.login.register')}</Link>
            </div>
          )}
        </div>
        <footer className="login-footer">{t('auth.login.footer')}</footer>
      </main>
    </div>
  );
}

/** /login/admin: the administrator's sign-in. */
export function AdminLoginPage() {
  return <LoginPage kind="admin" />;
}
