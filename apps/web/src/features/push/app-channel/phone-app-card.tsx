/**
 * "Alarms on your phone" (issue 34 item 2), on /download/app and the push settings page: install the web
 * app on this device (the browser's prompt, or on iPhone/iPad Safari the Add to Home Screen steps Web Push
 * needs there), a QR code that opens the site on a phone, and a one-tap "Allow notifications" that
 * subscribes this device, makes sure an alarm rule pushes to the app and sends a test.
 */
import { BellOutlined, DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAppleMobile, promptInstall, useInstallState } from '../../../shared/pwa/install-prompt';
import { readUser } from '../../../shared/session/storage';
import { toastError, toastSuccess } from '../../../shared/ui/feedback';
import { allowNotifications } from './allow-notifications';
import { AppPushError } from './browser-push';
import './phone-app.css';

/** Whether this browser could be asked for notifications at all (Push API, not blocked). */
function canAskNotifications(): boolean {
  return 'Notification' in window && 'PushManager' in window && Notification.permission !== 'denied';
}

function InstallBlock() {
  const { t } = useTranslation();
  const install = useInstallState();
  if (install.installed) return <Alert type="success" showIcon title={t('pushApp.phone.installed')} />;
  if (isAppleMobile()) {
    return (
      <div data-testid="ios-steps">
        <Typography.Text strong>{t('pushApp.phone.iosTitle')}</Typography.Text>
        <ol className="phone-steps">
          <li>{t('pushApp.phone.ios1')}</li>
          <li>{t('pushApp.phone.ios2')}</li>
          <li>{t('pushApp.phone.ios3')}</li>
        </ol>
      </div>
    );
  }
  if (install.canPrompt) {
    return (
      <Button
        icon={<DownloadOutlined />}
        onClick={async () => {
          if (await promptInstall()) toastSuccess(t('pushApp.phone.installDone'));
        }}
      >
        {t('pushApp.phone.install')}
      </Button>
    );
  }
  return <Typography.Text type="secondary">{t('pushApp.phone.installMenu')}</Typography.Text>;
}

function AllowBlock() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const allow = useMutation({
    mutationFn: allowNotifications,
    onSuccess: () => toastSuccess(t('pushApp.phone.ready')),
    onError: (error) => {
      // The API client has shown its own errors already.
      if (error instanceof AppPushError) toastError(t(`pushApp.errors.${error.reason}`));
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['push'] }),
  });
  if (!readUser()) {
    return (
      <Link to="/login?redirect=%2Fdownload%2Fapp">
        <Button type="primary" icon={<BellOutlined />}>
          {t('pushApp.phone.signIn')}
        </Button>
      </Link>
    );
  }
  if (!canAskNotifications()) return null;
  return (
    <Flex vertical gap={4}>
      <Button
        type="primary"
        icon={<BellOutlined />}
        loading={allow.isPending}
        onClick={() => allow.mutate()}
        data-testid="allow-notifications"
      >
        {t('pushApp.phone.allow')}
      </Button>
      <Typography.Text type="secondary">{t('pushApp.phone.allowHelp')}</Typography.Text>
      {allow.isSuccess && <Alert type="success" showIcon title={t('pushApp.phone.ready')} />}
    </Flex>
  );
}

/** The phone app card; `qrUrl` is what the QR code opens (this site's /download/app by default). */
export function PhoneAppCard({ qrUrl = `${window.location.origin}/download/app` }: { qrUrl?: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('pushApp.phone.title')} className="phone-app-card" data-testid="phone-app-card">
      <Flex gap="large" wrap align="flex-start">
        <Flex vertical gap="middle" style={{ flex: '1 1 260px' }}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('pushApp.phone.intro')}</Typography.Paragraph>
          <InstallBlock />
          <AllowBlock />
        </Flex>
        <Flex vertical align="center" gap={4} className="phone-qr">
          <QRCode value={qrUrl} size={148} bordered={false} aria-label={t('pushApp.phone.qrTitle')} />
          <Typography.Text type="secondary" className="phone-qr-text">
            {t('pushApp.phone.qrText')}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
