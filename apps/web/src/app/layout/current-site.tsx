import { EnvironmentOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useLocation } from 'react-router';
import { useBaseInfo } from '../../features/station/api/get-base-info';
import { positiveIntParam } from '../../features/station/lib/station-id';

/** The site id of a location on /station, else null. */
export function stationIdOf(pathname: string, search: string): number | null {
  return pathname === '/station' ? positiveIntParam(new URLSearchParams(search).get('stationId')) : null;
}

/** The current site's name in the top bar while on /station (spec §2). */
export function CurrentSite() {
  const { pathname, search } = useLocation();
  const base = useBaseInfo(stationIdOf(pathname, search));
  if (!stationIdOf(pathname, search) || !base.data) return null;
  return (
    <Typography.Text className="current-site" ellipsis>
      <EnvironmentOutlined /> {base.data.stationName}
    </Typography.Text>
  );
}
