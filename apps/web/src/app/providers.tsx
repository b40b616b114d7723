import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../shared/http/api-error';
import { useDisplaySize } from '../shared/session/display-size';
import { bindFeedback } from '../shared/ui/feedback';
import { BRAND_BLUE } from '../shared/ui/series-colors';
import { usePrefersReducedMotion } from '../shared/ui/use-reduced-motion';

/** Retries only what may heal by itself (network, timeout), once; server answers are final. */
function retry(failures: number, error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout') && failures < 1;
}

function FeedbackBinder() {
  const api = AntApp.useApp();
  useEffect(() => bindFeedback(api), [api]);
  return null;
}

/**
 * Query client, antd theme (blue, display size from the cookie, no motion when the system asks for
 * reduced motion), antd locale and the message/modal context the http client uses.
 */
export function AppProviders({ antdLocale, children }: { antdLocale: Locale; children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  const size = useDisplaySize();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={antdLocale}
        componentSize={size}
        button={{ autoInsertSpace: false }}
        theme={{
          token: {
            colorPrimary: BRAND_BLUE,
            colorInfo: BRAND_BLUE,
            borderRadius: 8,
            motion: !reducedMotion,
            fontFamily:
              "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif",
          },
          components: {
            Layout: { headerBg: '#ffffff', siderBg: '#0f1f3d', headerPadding: '0 16px', headerHeight: 56 },
            Menu: { darkItemBg: '#0f1f3d', darkSubMenuItemBg: '#0f1f3d', darkPopupBg: '#0f1f3d' },
          },
        }}
      >
        <AntApp>
          <FeedbackBinder />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
