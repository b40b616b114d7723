import { CheckCircleFilled, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, QRCode, type QRCodeProps, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/http/api-error';
import { getQrCode } from '../api/get-qr-code';
import { useQrState } from '../api/get-qr-state';
import { authRedirectUrl } from '../lib/auth-redirect';

/**
 * "Scan to sign in" (issue 3 §5): a QR code of the page a signed-in phone opens to confirm, its state
 * polled every 2 s (waiting → scanned → confirmed, or expired with a refresh on the code) and said
 * under it.
 * Once confirmed the browser finishes the hand-off at /auth-redirect and goes on to `redirect`. The
 * container carries the encoded URL as data-qr-url and the state as data-qr-state.
 */
export function QrLogin({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [generation, setGeneration] = useState(0);
  const code = useQuery({
    queryKey: ['auth', 'qr-code', generation],
    queryFn: ({ signal }) => getQrCode(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const state = useQrState(code.data);
  const failed = code.isError || state.isError;
  const current = failed ? 'expired' : (state.data?.state ?? 'waiting');
  const getToken = state.data?.getToken;

  useEffect(() => {
    if (current === 'confirmed' && getToken) navigate(authRedirectUrl(getToken, redirect), { replace: true });
  }, [current, getToken, redirect, navigate]);

  const refresh = () => setGeneration((g) => g + 1);
  const status: QRCodeProps['status'] = code.isPending
    ? 'loading'
    : current === 'expired'
      ? 'expired'
      : current === 'waiting'
        ? 'active'
        : 'scanned';

  const overlay: QRCodeProps['statusRender'] = (info) => {
    if (info.status === 'loading') return <Spin aria-label={t('auth.qr.loading')} />;
    if (info.status === 'scanned') return <CheckCircleFilled className="qr-overlay-ok" aria-hidden />;
    return (
      <Button type="primary" icon={<ReloadOutlined />} onClick={refresh}>
        {t('auth.qr.refresh')}
      </Button>
    );
  };

  return (
    <div className="qr-login" data-qr-url={code.data?.url ?? ''} data-qr-state={current}>
      <QRCode
        value={code.data?.url ?? '-'}
        size={196}
        status={status}
        statusRender={overlay}
        errorLevel="M"
        bordered
      />
      <p className="qr-status" role="status" aria-live="polite">
        {current === 'waiting' && !code.isPending && (
          <>
            <MobileOutlined /> {t('auth.qr.waiting')}
          </>
        )}
        {(current === 'scanned' || current === 'confirmed') && t('auth.qr.scanned')}
        {current === 'expired' &&
          (failed ? errorText(code.error ?? state.error, t('auth.qr.failed')) : t('auth.qr.expired'))}
      </p>
    </div>
  );
}
