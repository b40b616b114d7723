import { CheckCircleOutlined, DesktopOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/time';
import { errorText } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { HOME_PATH } from '../../../shared/session/access';
import { currentMode } from '../../../shared/session/mode';
import { PlatformBrand } from '../../../shared/ui/brand';
import { confirmQrCode } from '../api/confirm-qr-code';
import { scanQueryOptions } from '../api/scan-qr-code';
import '../components/login.css';

/**
 * /qr-confirm?qrcodeId= (signed in, phone first): scanning marks the code scanned and says which
 * browser asks; Confirm signs that browser in as this user, Cancel refuses it.
 */
export function QrConfirmPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const qrcodeId = search.get('qrcodeId') ?? '';
  const scan = useQuery({ ...scanQueryOptions(qrcodeId), enabled: qrcodeId.length > 0 });
  const answer = useMutation({ mutationFn: (approve: boolean) => confirmQrCode(qrcodeId, approve) });

  let body: ReactNode;
  if (!qrcodeId || scan.isError) {
    body = (
      <Result
        status="warning"
        title={t('auth.qrConfirm.invalid')}
        subTitle={scan.isError ? errorText(scan.error, '') : undefined}
      />
    );
  } else if (scan.isPending) {
    body = <Skeleton active />;
  } else if (answer.isSuccess) {
    body = answer.variables ? (
      <Result status="success" title={t('auth.qrConfirm.done')} subTitle={t('auth.qrConfirm.doneHint')} />
    ) : (
      <Result status="info" title={t('auth.qrConfirm.cancelled')} />
    );
  } else {
    const r = scan.data!;
    body = (
      <div className="qr-confirm-body">
        <DesktopOutlined className="qr-confirm-icon" />
        <Typography.Title level={3} className="qr-confirm-question">
          {t('auth.qrConfirm.question', {
            browser: r.browser,
            ip: r.ip,
            time: formatDateTime(r.requestedAt, currentLanguageCode()),
          })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth.qrConfirm.warning')}</Typography.Paragraph>
        {answer.isError && (
          <Alert
            type="error"
            showIcon
            title={errorText(answer.error, t('auth.qr.failed'))}
            className="login-error"
          />
        )}
        <Button
          type="primary"
          size="large"
          block
          icon={<CheckCircleOutlined />}
          loading={answer.isPending && answer.variables}
          disabled={answer.isPending}
          onClick={() => answer.mutate(true)}
        >
          {t('auth.qrConfirm.confirm')}
        </Button>
        <Button
          size="large"
          block
          loading={answer.isPending && !answer.variables}
          disabled={answer.isPending}
          onClick={() => answer.mutate(false)}
        >
          {t('common.actions.cancel')}
        </Button>
      </div>
    );
  }

  return (
    <div className="qr-confirm-page">
      <div className="qr-confirm-top">
        <PlatformBrand mode={currentMode()} />
      </div>
      <Card className="qr-confirm-card">{body}</Card>
      <Link to={HOME_PATH} className="qr-confirm-home">
        {t('app.pages.toDashboard')}
      </Link>
    </div>
  );
}
