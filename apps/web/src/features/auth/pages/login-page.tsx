import { LockOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
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

type Method = 'password' | 'qr';

// Only the owners who choose the QR code need it (antd's QRCode, the polling): not part of the sign-in budget.
const QrLogin = lazy(async () => ({ default: (await import('../components/qr-login')).QrLogin }));

/**
 * Sign-in page of /login, /common/login and /login/admin (spec §2). Owners sign in with a password or
 * switch to a QR code that a signed-in phone scans. After signing in the user goes to the `redirect` query
 * when it is a path of this site, else to /dashboard; a visitor who still holds a token goes there at
 * once. `?registered=1` (after registration) says the account is ready.
 */
export function LoginPage({ kind = 'owner' }: { kind?: SignInKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [method, setMethod] = useState<Method>('password');
  const target = safeRedirect(search.get('redirect'));
  if (getToken()) return <Navigate to={target} replace />;
  const owner = kind === 'owner';

  return (
    <div className="login-page">
      <LoginHero />
      <main className="login-main">
        <div className="login-topline">
          <PlatformBrand mode={currentMode()} />
          <LanguageSwitch />
        </div>
        <div className="login-card">
          {/* Plain elements: antd's Typography would add ~19 KB to the sign-in budget (docs/benchmarks.md). */}
          <h1 className="login-title">{owner ? t('auth.login.title') : t('auth.login.adminTitle')}</h1>
          <p className="login-hint">{owner ? t('auth.login.hint') : t('auth.login.adminHint')}</p>
          {search.get('registered') === '1' && (
            <Alert type="success" showIcon title={t('auth.login.registered')} className="login-notice" />
          )}
          {owner && method === 'qr' ? (
            <Suspense
              fallback={
                <div className="qr-login">
                  <Spin />
                </div>
              }
            >
              <QrLogin redirect={target} />
            </Suspense>
          ) : (
            <LoginForm kind={kind} onSignedIn={() => navigate(target, { replace: true })} />
          )}
          {owner && (
            <>
              <Divider plain className="login-or">
                {t('auth.login.or')}
              </Divider>
              {method === 'password' ? (
                <Button block size="large" icon={<QrcodeOutlined />} onClick={() => setMethod('qr')}>
                  {t('auth.login.withQr')}
                </Button>
              ) : (
                <Button block size="large" icon={<LockOutlined />} onClick={() => setMethod('password')}>
                  {t('auth.login.withPassword')}
                </Button>
              )}
            </>
          )}
          {owner && (
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
