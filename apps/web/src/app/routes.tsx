/**
 * Routes of spec §2. Public (whitelisted) routes sit outside RequireAuth; every other route needs a
 * token, and a route naming roles (ROUTE_ROLES) opens only for them. Pages are loaded on demand (the
 * station page and ECharts stay out of the initial bundle), except the sign-in page: it is the first page
 * of every cold visit, and bundled with the entry it comes in the same few chunks instead of a dozen
 * small ones, each with its ~1 KB of headers (issue 36 §4, budget in bench/web-assets.ts). Unknown paths
 * go to /404.
 */
import { Spin } from 'antd';
import { Navigate, type RouteObject } from 'react-router';
import { AdminLoginPage, LoginPage } from '../features/auth/pages/login-page';
import { RequireAuth } from './guards';
import { ROUTE_ROLES } from './lib/roles';
import type { RouteHandle } from './lib/route-handle';
import { RouteError } from './pages/route-error';
import { NotFoundPage, UnauthorizedPage } from './pages/status-pages';
import { RootShell } from './root-shell';

const handle = (name: string, path?: string): RouteHandle => ({
  titleKey: `app.routes.${name}`,
  roles: path ? ROUTE_ROLES[path] : undefined,
});

/** The route tree handed to createBrowserRouter. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spin className="page-spinner" size="large" />,
    children: [
      { path: '/login', handle: handle('login'), Component: LoginPage },
      { path: '/common/login', handle: handle('login'), Component: LoginPage },
      {
        path: '/login/admin',
        handle: handle('adminLogin'),
        Component: AdminLoginPage,
      },
      {
        path: '/register',
        handle: handle('register'),
        lazy: async () => ({
          Component: (await import('../features/account/pages/register-page')).RegisterPage,
        }),
      },
      {
        path: '/password/back',
        handle: handle('passwordBack'),
        lazy: async () => ({
          Component: (await import('../features/account/pages/password-back-page')).PasswordBackPage,
        }),
      },
      {
        path: '/download/app',
        handle: handle('downloadApp'),
        lazy: async () => ({
          Component: (await import('./pages/download-app-route')).DownloadAppRoute,
        }),
      },
      {
        path: '/update/version',
        handle: handle('version'),
        lazy: async () => ({
          Component: (await import('../features/versions/pages/update-version-page')).UpdateVersionPage,
        }),
      },
      {
        path: '/auth-redirect',
        handle: handle('authRedirect'),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/auth-redirect-page')).AuthRedirectPage,
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            // The phone's side of a QR sign-in: a focused, mobile-first page without the app's chrome.
            path: '/qr-confirm',
            handle: handle('qrConfirm'),
            lazy: async () => ({
              Component: (await import('../features/auth/pages/qr-confirm-page')).QrConfirmPage,
            }),
          },
          {
            lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
            children: [
              { path: '/', element: <Navigate to="/dashboard" replace /> },
              {
                path: '/dashboard',
                handle: handle('dashboard'),
                lazy: async () => ({ Component: (await import('./pages/dashboard-route')).DashboardRoute }),
              },
              // issue 7 item 7: the full-screen digital map
              {
                path: '/map',
                handle: handle('map'),
                lazy: async () => ({ Component: (await import('./pages/map-route')).MapRoute }),
              },
              // issue 7 item 5: the site list
              {
                path: '/sites',
                handle: handle('sites'),
                lazy: async () => ({ Component: (await import('./pages/sites-route')).SitesRoute }),
              },
              {
                path: '/station',
                handle: handle('station'),
                lazy: async () => ({ Component: (await import('./pages/station-route')).StationRoute }),
              },
              // issue 9: alarm list (Current | History)
              {
                path: '/alarms',
                handle: handle('alarms'),
                lazy: async () => ({
                  Component: (await import('../features/alarms/pages/alarms-page')).AlarmsPage,
                }),
              },
              {
                // Issue 8: reports of the user's sites with Excel/CSV export.
                path: '/report',
                handle: handle('report'),
                lazy: async () => ({
                  Component: (await import('../features/reports/pages/report-page')).ReportPage,
                }),
              },
              {
                // Issue 24 item 16: up to 4 sites' history side by side.
                path: '/history/compare',
                handle: handle('compare'),
                lazy: async () => ({
                  Component: (await import('../features/history/pages/compare-page')).ComparePage,
                }),
              },
              {
                path: '/profile',
                handle: handle('profile'),
                lazy: async () => ({ Component: (await import('./pages/profile-route')).ProfileRoute }),
              },
              {
                // Issue 20: push rules, receiving mailboxes, channels and the delivery log.
                path: '/push',
                handle: handle('push'),
                lazy: async () => ({
                  Component: (await import('../features/push/pages/push-settings-page')).PushSettingsPage,
                }),
              },
              {
                path: '/manage',
                handle: handle('manage', '/manage'),
                lazy: async () => ({
                  Component: (await import('../features/admin/pages/manage-page')).ManagePage,
                }),
              },
              {
                path: '/social',
                handle: { titleKey: 'social.title' },
                lazy: async () => ({
                  Component: (await import('../features/social/pages/social-page')).SocialPage,
                }),
              },
              {
                path: '/svgs',
                handle: handle('svgs', '/svgs'),
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
