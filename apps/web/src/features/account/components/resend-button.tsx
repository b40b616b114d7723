import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/ui/use-now';
import { secondsLeft } from '../lib/countdown';

/**
 * "Resend code" with the wait the server asks for between sends (60 s, issue 3 §10): disabled and
 * counting down until `availableAt` (epoch ms).
 */
export function ResendButton(props: { availableAt: number; onResend: () => void; loading?: boolean }) {
  const { t } = useTranslation();
  // The hook only re-renders every second; the time is read fresh so a new `availableAt` after a
  // long idle never shows a stale countdown.
  useNow(1000);
  const left = secondsLeft(props.availableAt, Date.now());
  return (
    <Button onClick={props.onResend} disabled={left > 0} loading={props.loading} data-testid="resend-code">
      {left > 0 ? t('account.code.resendIn', { seconds: left }) : t('account.code.resend')}
    </Button>
  );
}
