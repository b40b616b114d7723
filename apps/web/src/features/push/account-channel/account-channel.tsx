import { CheckCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, QRCode, type QRCodeProps, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInlineAction } from '../../../shared/form/use-inline-action';
import { catalogueText } from '../../../shared/form/zod-rule';
import { formatClock, formatDateTime } from '../../../shared/format/time';
import { toastSuccess } from '../../../shared/ui/feedback';
import { QueryError } from '../../../shared/ui/query-error';
import { useNow } from '../../../shared/ui/use-now';
import { type AccountQr, getAccountQr, unbindAccount } from './account-actions';
import { accountPanelState, formatCountdown, qrSecondsLeft } from './channel-state';
import { accountBindingQueryOptions, useAccountBinding } from './get-account-binding';
import './account-channel.css';

interface ScanCodeProps {
  qr: AccountQr;
  secondsLeft: number;
  pending: boolean;
  onRefresh: () => void;
  onCancel: () => void;
}

/** The QR code to scan in WeChat, its expiry (clock time and countdown), a new code and cancel. */
function ScanCode({ qr, secondsLeft, pending, onRefresh, onCancel }: ScanCodeProps) {
  const { t, i18n } = useTranslation();
  const expired = secondsLeft <= 0;
  const status: QRCodeProps['status'] = pending ? 'loading' : expired ? 'expired' : 'active';
  const overlay: QRCodeProps['statusRender'] = (info) =>
    info.status === 'expired' ? (
      <Button type="primary" icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('pushAccount.bind.refresh')}
      </Button>
    ) : undefined;
  return (
    <div className="account-channel-scan">
      <QRCode
        value={qr.url}
        size={176}
        status={status}
        statusRender={expired ? overlay : undefined}
        errorLevel="M"
        bordered
        data-testid="account-qr"
      />
      <div className="account-channel-steps">
        <Typography.Paragraph>{t('pushAccount.bind.scan')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" role="status" aria-live="polite">
          {expired
            ? t('pushAccount.bind.expired')
            : t('pushAccount.bind.waiting', {
                time: formatClock(qr.expiresAt, i18n.language),
                left: formatCountdown(secondsLeft),
              })}
        </Typography.Paragraph>
        <Space wrap>
          <Button icon={<ReloadOutlined />} loading={pending} onClick={onRefresh}>
            {t('pushAccount.bind.refresh')}
          </Button>
          <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        </Space>
      </div>
    </div>
  );
}

/**
 * The official-account channel of the push settings (issue 20 §4; no props, the page frames it):
 * whether the administrator has set the official account up, the caller's binding (masked WeChat user,
 * since when) with "unbind" after a confirmation, and otherwise "bind WeChat", which shows a QR code
 * with a one-time scene (GET push/account/qrcode), its expiry and a refresh; the binding is asked for
 * every 2 s while the code binds, so the panel turns to "bound" as soon as the scan arrives. The root
 * carries `data-state` (loading, notSetUp, unbound, scanning, expired, bound; see channel-state.ts).
 */
export function AccountChannelPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<AccountQr | null>(null);
  const now = useNow(1000);
  const secondsLeft = qr ? qrSecondsLeft(qr, now) : 0;
  const binding = useAccountBinding(secondsLeft > 0);
  const { pending, error, run } = useInlineAction('pushAccount.errors.generic');
  const bound = binding.data?.bound === true;

  // The scan bound the account: the QR code has done its job.
  useEffect(() => {
    if (bound && qr) {
      setQr(null);
      toastSuccess(t('pushAccount.bind.done'));
    }
  }, [bound, qr, t]);

  const showCode = () => run(async () => setQr(await getAccountQr()));
  const unbind = () =>
    run(async () => {
      await unbindAccount();
      await queryClient.invalidateQueries({ queryKey: accountBindingQueryOptions().queryKey });
      toastSuccess(catalogueText('push.account.unbound'));
    });

  if (binding.isPending) {
    return (
      <div className="account-channel" data-state="loading">
        <Skeleton active paragraph={{ rows: 1 }} />
      </div>
    );
  }
  if (!binding.data) return <QueryError error={binding.error} />;
  const state = accountPanelState(binding.data, qr, now);
  return (
    <div className="account-channel" data-state={state}>
      {state === 'notSetUp' && <Alert type="info" showIcon title={t('pushAccount.bind.notSetUp')} />}
      {state === 'bound' && (
        <div className="account-channel-bound">
          <CheckCircleFilled className="account-channel-ok" aria-hidden />
          <Typography.Text>
            {t('pushAccount.bind.bound', { account: binding.data.account ?? '' })}
          </Typography.Text>
          {binding.data.boundAt && (
            <Typography.Text type="secondary">
              {t('pushAccount.bind.since', { time: formatDateTime(binding.data.boundAt, i18n.language) })}
            </Typography.Text>
          )}
          <Popconfirm
            title={t('pushAccount.bind.unbindTitle')}
            description={t('pushAccount.bind.unbindText')}
            okText={t('pushAccount.bind.unbind')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.actions.cancel')}
            onConfirm={unbind}
          >
            <Button danger loading={pending}>
              {t('pushAccount.bind.unbind')}
            </Button>
          </Popconfirm>
        </div>
      )}
      {state === 'unbound' && (
        <Space orientation="vertical" size={12}>
          <Typography.Text>{t('pushAccount.bind.intro')}</Typography.Text>
          <Button type="primary" icon={<WechatOutlined />} loading={pending} onClick={showCode}>
            {t('pushAccount.bind.start')}
          </Button>
        </Space>
      )}
      {(state === 'scanning' || state === 'expired') && qr && (
        <ScanCode
          qr={qr}
          secondsLeft={secondsLeft}
          pending={pending}
          onRefresh={showCode}
          onCancel={() => setQr(null)}
        />
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </div>
  );
}
