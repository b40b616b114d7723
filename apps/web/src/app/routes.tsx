/**
 * Routes of spec §2. Public (whitelisted) routes sit outside RequireAuth; every other route needs a
 * token. Pages are loaded on demand (the station page and ECharts stay out of the initial bundle).
 * Unknown paths go to /404.
 */
import { Spin } from 'antd';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './guards';
import type { RouteHandle } from './lib/route-handle';
import { InfoRoutePage } from './pages/info-route-page';
import { RouteError } from './pages/route-error';
import { NotFoundPage, UnauthorizedPage } from './pages/status-pages';
import { RootShell } from './root-shell';

const handle = (name: string, withText = false): RouteHandle => ({
  titleKey: `app.routes.${name}`,
  textKey: withText ? `app.pages.${name}` : undefined,
});

const loginPage = async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage });
const publicInfo = async () => ({ Component: (await import('./pages/public-info-page')).PublicInfoPage });

const PUBLIC_INFO: Array<[string, string]> = [
  ['/register', 'register'],
  ['/password/back', 'passwordBack'],
  ['/download/app', 'downloadApp'],
  ['/update/version', 'version'],
  ['/auth-redirect', 'authRedirect'],
];

/** The route tree handed to createBrowserRouter. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spin className="page-spinner" size="large" />,
    children: [
      { path: '/login', handle: handle('login'), lazy: loginPage },
      { path: '/common/login', handle: handle('login'), lazy: loginPage },
      {
        path: '/login/admin',
        handle: handle('adminLogin'),
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).AdminLoginPage }),
      },
      ...PUBLIC_INFO.map(([path, name]) => ({ path, handle: handle(name, true), lazy: publicInfo })),
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
            children: [
              { path: '/', element: <Navigate to="/dashboard" replace /> },
              {
                path: '/dashboard',
                handle: handle('dashboard'),
                lazy: async () => ({ Component: (await import('./pages/dashboard-route')).DashboardRoute }),
              },
              {
                path: '/station',
                handle: handle('station'),
                lazy: async () => ({ Component: (await import('./pages/station-route')).StationRoute }),
              },
              { path: '/profile', handle: handle('profile', true), Component: InfoRoutePage },
              { path: '/manage', handle: handle('manage', true), Component: InfoRoutePage },
              {
                path: '/svgs',
                handle: handle('svgs'),
                lazy: async () => ({ Component: (await import('./pages/svgs-page')).SvgsPage }),
              },
              { path: '/404', handle: handle('notFound'), Component: NotFoundPage },
              { path: '/401', handle: handle('unauthorized'), Component: UnauthorizedPage },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
