import { Card, ConfigProvider, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../i18n/language-switch';
import { HOME_PATH } from '../session/access';
import { getToken } from '../session/cookies';
import { currentMode, loginPathFor } from '../session/mode';
import { PlatformBrand } from './brand';
import './public-frame.css';

/**
 * Frame of the public pages (registration, password retrieval, app download, version, auth redirect):
 * brand and language on top, one card with a title, and the way back under it: to sign-in, or for a
 * signed-in visitor (the app's download page opened from the app) to the dashboard.
 */
export function PublicFrame(props: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
  backToSignIn?: boolean;
}) {
  const { t } = useTranslation();
  const mode = currentMode();
  const signedIn = getToken() !== undefined;
  const back = signedIn
    ? { to: HOME_PATH, text: t('app.pages.backToDashboard') }
    : { to: loginPathFor(mode), text: t('app.pages.backToSignIn') };
  return (
    <div className="public-page">
      <div className={`public-topline${props.wide ? ' public-wide' : ''}`}>
        <Link to={back.to} className="public-brand">
          <PlatformBrand mode={mode} />
        </Link>
        <LanguageSwitch />
      </div>
      <Card className={`public-card${props.wide ? ' public-wide' : ''}`}>
        <Typography.Title level={2} className="public-title">
          {props.title}
        </Typography.Title>
        {props.subtitle && (
          <Typography.Paragraph type="secondary" className="public-subtitle">
            {props.subtitle}
          </Typography.Paragraph>
        )}
        {/* Forms before sign-in match the sign-in page's large controls, whatever the display size. */}
        <ConfigProvider componentSize="large">{props.children}</ConfigProvider>
        {props.backToSignIn !== false && (
          <div className="public-back">
            <Link to={back.to}>{back.text}</Link>
          </div>
        )}
      </Card>
    </div>
  );
}
