import { Spin } from 'antd';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { allowSignInOfferAgain } from '../shared/http/session-effects';
import { applyModeForPath, currentMode } from '../shared/session/mode';
import { platformTitleKey } from '../shared/ui/brand';
import { deepestHandle } from './lib/route-handle';

/**
 * Root of every route: applies the mode of the visited path (spec §2: /common → common, /login → east)
 * and sets the document title to route title + " - " + platform title.
 */
export function RootShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const handle = deepestHandle(matches);

  useLayoutEffect(() => {
    applyModeForPath(location.pathname);
    allowSignInOfferAgain();
  }, [location.pathname]);

  useEffect(() => {
    const platform = t(platformTitleKey(currentMode()));
    document.title = handle ? `${t(handle.titleKey)} - ${platform}` : platform;
  }, [handle, t]);

  return (
    <Suspense fallback={<Spin className="page-spinner" size="large" />}>
      <Outlet />
    </Suspense>
  );
}
