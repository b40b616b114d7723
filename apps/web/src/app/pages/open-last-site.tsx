/**
 * /station without a site (the side menu's "Station", issue 34 item 8): opens the last-opened site while
 * the user may still open it, else the first of the user's sites (the top bar's system type first, by
 * name); with no site at all, `fallback` (the page's "choose a site").
 */
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { groupTreeQueryOptions } from '../../features/fleet';
import { useBaseInfo } from '../../features/station/api/get-base-info';
import { currentLanguageCode } from '../../shared/i18n/current-language';
import { getSystemType } from '../../shared/session/preferences';
import { readUser } from '../../shared/session/storage';
import { lastSite, siteToOpen } from '../lib/last-site';
import { siteMatches } from '../lib/site-matches';

/** Sends /station to the site to open, in place (no extra history entry). */
export function OpenLastSite({ fallback }: { fallback: ReactNode }) {
  const navigate = useNavigate();
  const last = lastSite(readUser()?.userId ?? null, localStorage);
  const base = useBaseInfo(last);
  const lastOpens = last === null ? undefined : base.isSuccess ? true : base.isError ? false : undefined;
  const needList = last === null || lastOpens === false;
  const tree = useQuery({ ...groupTreeQueryOptions(), enabled: needList });
  const type = getSystemType();
  const sites = tree.data
    ? siteMatches(tree.data, currentLanguageCode())
        .sort((a, b) => Number(b.systemType === type) - Number(a.systemType === type))
        .map((s) => s.stationId)
    : tree.isError
      ? []
      : undefined;
  const target = siteToOpen(last, lastOpens, sites);
  useEffect(() => {
    if (target) navigate(`/station?stationId=${target}`, { replace: true });
  }, [target, navigate]);
  if (target === null) return fallback;
  return <Skeleton active paragraph={{ rows: 6 }} />;
}
