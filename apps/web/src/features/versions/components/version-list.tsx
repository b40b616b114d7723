import { AndroidOutlined, AppleOutlined, DownloadOutlined, WarningOutlined } from '@ant-design/icons';
import type { AppVersion } from '@ems/contract/api/admin';
import { Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/time';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { QueryError } from '../../../shared/ui/query-error';
import { useLastVersions } from '../api/get-last-versions';

function VersionCard({ version }: { version: AppVersion }) {
  const { t } = useTranslation();
  const Icon = version.platform === 'ios' ? AppleOutlined : AndroidOutlined;
  return (
    <Card className="version-card" data-testid={`version-${version.platform}`}>
      <div className="version-head">
        <Icon className="version-icon" />
        <div>
          <Typography.Title level={4} className="version-title">
            {t(`common.platform.${version.platform}`)} {version.versionName}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('versions.published', { date: formatDateTime(version.publishedAt, currentLanguageCode()) })}
            {' · '}
            {t('versions.build', { code: version.versionCode })}
          </Typography.Text>
        </div>
      </div>
      {version.forceUpdate && (
        <Tag color="red" icon={<WarningOutlined />} className="version-force">
          {t('versions.forceUpdate')}
        </Tag>
      )}
      <Typography.Paragraph className="version-notes">{version.releaseNotes}</Typography.Paragraph>
      {version.downloadUrl ? (
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          href={version.downloadUrl}
          target="_blank"
          rel="noopener"
        >
          {t('versions.download')}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('versions.noLink')}</Typography.Text>
      )}
    </Card>
  );
}

/**
 * The newest version of each platform as cards (version, notes, download, force flag); `whenNone` when
 * no version was published (an empty state by default).
 */
export function VersionList({ whenNone }: { whenNone?: ReactNode }) {
  const { t } = useTranslation();
  const versions = useLastVersions();
  if (versions.isPending) return <Skeleton active />;
  if (versions.isError) return <QueryError error={versions.error} />;
  if (versions.data.length === 0)
    return whenNone !== undefined ? whenNone : <Empty description={t('versions.none')} />;
  return (
    <div className="version-list">
      {versions.data.map((v) => (
        <VersionCard key={v.id} version={v} />
      ))}
    </div>
  );
}
