import { ClockCircleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { capacityUnit } from '@ems/contract/api/fleet';
import type { StationBaseInfo } from '@ems/contract/api/station';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCapacity } from '../../../shared/format/quantity';
import { useSiteClock } from '../../../shared/format/use-site-clock';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { CommStatus } from '../../../shared/ui/comm-status';

/** Station header (UX.md): name, address, the site's local time, communication and worst alarm. */
export function StationHeader(props: {
  base: StationBaseInfo;
  online: boolean;
  now: number;
  worstAlarm: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const clock = useSiteClock();
  const { base } = props;
  return (
    <header className="station-header">
      <div>
        <Typography.Title level={3} className="station-name">
          {base.stationName}
        </Typography.Title>
        <div className="station-meta">
          <span>
            <EnvironmentOutlined /> {base.address}
          </span>
          <span title={base.timeZone} data-testid="site-local-time">
            <ClockCircleOutlined /> {t('station.header.localTime', { time: clock.clock(props.now) })}
          </span>
          <span>{formatCapacity(base.capacity, locale, capacityUnit(base.systemType))}</span>
        </div>
      </div>
      <div className="station-indicators">
        <CommStatus online={props.online} withText />
        {props.worstAlarm}
      </div>
    </header>
  );
}
