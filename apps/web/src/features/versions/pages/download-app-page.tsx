import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { VersionList } from '../components/version-list';
import '../components/versions.css';

/** /download/app (public, spec §2): the newest app of each platform with its download link. */
export function DownloadAppPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame title={t('app.routes.downloadApp')} subtitle={t('versions.downloadIntro')} wide>
      <VersionList />
    </PublicFrame>
  );
}
