import { SYSTEM_TYPES, type SystemType } from '@ems/contract/constants';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useBaseInfo } from '../../features/station/api/get-base-info';
import { getSystemType, setSystemType } from '../../shared/session/preferences';
import { stationIdOf } from './current-site';

function isSystemType(value: number): value is SystemType {
  return (SYSTEM_TYPES as readonly number[]).includes(value);
}

/**
 * The system type the top bar shows (spec §2): on /station the open site's own type, which is also
 * stored as the chosen type so the dashboard and the alarm badge follow it; elsewhere the systemType
 * cookie (default 3).
 */
export function useCurrentSystemType(): SystemType {
  const { pathname, search } = useLocation();
  const stationId = stationIdOf(pathname, search);
  const site = useBaseInfo(stationId).data;
  const siteType = stationId !== null && site && isSystemType(site.systemType) ? site.systemType : null;
  useEffect(() => {
    if (siteType !== null && siteType !== getSystemType()) setSystemType(siteType);
  }, [siteType]);
  return siteType ?? getSystemType();
}
