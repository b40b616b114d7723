import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/http/api-error';
import { currentMode, loginPathFor } from '../../../shared/session/mode';
import { PublicFrame } from '../../../shared/ui/public-frame';
import { getQrToken } from '../api/get-qr-token';
import { planAuthRedirect } from '../lib/auth-redirect';
import { completeSignIn } from '../lib/sign-in';

/**
 * /auth-redirect (public, spec §2): with getToken, trades it for a session and stores it like a
 * normal sign-in, then opens `redirect` (same-origin paths only) or the dashboard; with only
 * `redirect`, forwards; anything else says so with a link to sign-in.
 */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const plan = planAuthRedirect(search);
  const exchange = useQuery({
    queryKey: ['auth', 'qr-token', plan.kind === 'exchange' ? plan.getToken : ''],
    queryFn: async () => {
      if (plan.kind !== 'exchange') return null;
      return completeSignIn(queryClient, await getQrToken(plan.getToken));
    },
    enabled: plan.kind === 'exchange',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (plan.kind === 'forward') return <Navigate to={plan.target} replace />;
  if (plan.kind === 'exchange' && exchange.isSuccess) return <Navigate to={plan.target} replace />;
  const failed = plan.kind === 'invalid' || exchange.isError;
  return (
    <PublicFrame title={t('app.routes.authRedirect')} backToSignIn={false}>
      {failed ? (
        <Result
          status="warning"
          title={t('auth.redirect.failed')}
          subTitle={
            exchange.isError
              ? errorText(exchange.error, t('auth.redirect.failedHint'))
              : t('auth.redirect.failedHint')
          }
          extra={
            <Link to={loginPathFor(currentMode())}>
              <Button type="primary">{t('app.pages.backToSignIn')}</Button>
            </Link>
          }
        />
      ) : (
        <div className="auth-redirect-wait">
          <Spin size="large" />
          <p>{t('auth.redirect.signingIn')}</p>
        </div>
      )}
    </PublicFrame>
  );
}
