import { APP_VERSION } from '@ems/contract/constants';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { VersionList } from '../components/version-list';
import '../components/versions.css';

/** /update/version (public, spec §2 "version"): this web platform's version and the newest apps. */
export function UpdateVersionPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame title={t('app.routes.version')} subtitle={t('versions.versionIntro')} wide>
      <Descriptions bordered size="small" column={1} className="web-version">
        <Descriptions.Item label={t('versions.webPlatform')}>{APP_VERSION}</Descriptions.Item>
      </Descriptions>
      <VersionList />
    </PublicFrame>
  );
}
