import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { VersionList } from '../components/version-list';
import '../components/versions.css';

/**
 * /download/app (public, spec §2): `phoneApp` (the installable web app, issue 34 item 2) first, then the
 * newest published app of each platform with its download link, when an administrator published one.
 */
export function DownloadAppPage({ phoneApp }: { phoneApp?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PublicFrame title={t('app.routes.downloadApp')} subtitle={t('versions.downloadIntro')} wide>
      {phoneApp}
      <VersionList whenNone={phoneApp ? null : undefined} />
    </PublicFrame>
  );
}
