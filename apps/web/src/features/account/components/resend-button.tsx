import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsLeft } from '../lib/countdown';

/**
 * "Resend code" with the wait the server asks for between sends (60 s, issue 3 §10): disabled and
 * counting down until `availableAt` (epoch ms).
 */
export function ResendButton(props: { availableAt: number; onResend: () => void; loading?: boolean }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(props.availableAt, now);
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [left]);
  return (
    <Button onClick={props.onResend} disabled={left > 0} loading={props.loading} data-testid="resend-code">
      {left > 0 ? t('account.code.resendIn', { seconds: left }) : t('account.code.resend')}
    </Button>
  );
}
