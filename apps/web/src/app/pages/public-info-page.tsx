import { APP_VERSION } from '@ems/contract/constants';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { currentMode, loginPathFor } from '../../shared/session/mode';
import { PlatformBrand } from '../../shared/ui/brand';
import { deepestHandle } from '../lib/route-handle';
import './public-info-page.css';

/**
 * Public pages of the whitelist (register, password retrieval, app download, version, auth redirect)
 * until their issues fill them: brand, title, what the page is for, and the way back to sign in.
 */
export function PublicInfoPage() {
  const { t } = useTranslation();
  const handle = deepestHandle(useMatches());
  const mode = currentMode();
  return (
    <div className="public-page">
      <div className="public-topline">
        <PlatformBrand mode={mode} />
        <LanguageSwitch />
      </div>
      <Card className="public-card">
        <Typography.Title level={2}>{handle ? t(handle.titleKey) : ''}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {handle?.textKey ? t(handle.textKey) : ''}
        </Typography.Paragraph>
        {handle?.titleKey === 'app.routes.version' && (
          <Typography.Paragraph>
            <strong>{t('app.pages.versionCurrent', { version: APP_VERSION })}</strong>
          </Typography.Paragraph>
        )}
        <Link to={loginPathFor(mode)}>{t('app.pages.backToSignIn')}</Link>
      </Card>
    </div>
  );
}
