import { Alert, Card, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatRelative, localDate } from '../../../shared/format/time';
import { SiteClock, useSiteClock } from '../../../shared/format/use-site-clock';
import { errorText } from '../../../shared/http/api-error';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { QueryError } from '../../../shared/ui/query-error';
import { useIsMobile } from '../../../shared/ui/use-is-mobile';
import { useNow } from '../../../shared/ui/use-now';
import { DeviceChartCard } from '../../history/components/device-chart-card';
import { DeviceEventsCard } from '../../history/components/device-events-card';
import { HistoryCard } from '../../history/components/history-card';
import { useBaseInfo } from '../api/get-base-info';
import { useStationReal } from '../api/get-list-real';
import { DeviceTable } from '../components/device-table';
import { EnergyFlow } from '../components/energy-flow';
import { StationHeader } from '../components/station-header';
import { TodayCards } from '../components/today-cards';
import '../components/station.css';
import { deviceRows } from '../lib/device-rows';
import { positiveIntParam } from '../lib/station-id';

/**
 * /station?stationId=&deviceId= (UX.md "Station, live"): header, live energy flow, today's cards, the
 * history (opening on today's power chart) and the device table, refreshed every 5 s. An offline site gets a banner
 * "offline since …" over its greyed last values. `renderWorstAlarm` comes from the alarms feature.
 */
export function StationPage({
  renderWorstAlarm,
  renderManage,
  renderHighlights,
}: {
  renderWorstAlarm: (stationId: number) => ReactNode;
  /** What matters for the site's system type, under today's cards (the fleet feature's card). */
  renderHighlights?: (stationId: number) => ReactNode;
  /** The owner's device management under the page (the fleet feature's card). */
  renderManage?: (stationId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const stationId = positiveIntParam(params.get('stationId'));
  if (stationId === null) {
    return (
      <Result
        status="info"
        title={t('station.pick.title')}
        subTitle={t('station.pick.text')}
        extra={<Link to="/dashboard">{t('station.pick.action')}</Link>}
      />
    );
  }
  return (
    <StationClock
      key={stationId}
      stationId={stationId}
      focusId={positiveIntParam(params.get('deviceId'))}
      worstAlarm={renderWorstAlarm(stationId)}
      manage={renderManage?.(stationId)}
      highlights={renderHighlights?.(stationId)}
    />
  );
}

/**
 * The station page on the site's clock (issue 34 item 1): every time under it reads the site's zone.
 * The same tree before and after the zone arrives: a wrapper added then remounted the page, which
 * cancelled and sent again every request it had started.
 */
function StationClock(props: Parameters<typeof StationView>[0]) {
  const base = useBaseInfo(props.stationId);
  return (
    <SiteClock timeZone={base.data?.timeZone}>
      <StationView {...props} />
    </SiteClock>
  );
}

function StationView(props: {
  stationId: number;
  focusId: number | null;
  worstAlarm: ReactNode;
  manage?: ReactNode;
  highlights?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const isMobile = useIsMobile();
  const now = useNow(5_000);
  const base = useBaseInfo(props.stationId);
  const real = useStationReal(props.stationId);
  const clock = useSiteClock();

  if (base.isError && !base.data) {
    return <Result status="warning" title={errorText(base.error, t('common.errors.tryLater'))} />;
  }
  const info = base.data;
  if (!info) return <Skeleton active paragraph={{ rows: 10 }} />;

  const live = real.data ?? null;
  const online = live?.online ?? false;
  const devices = deviceRows(info.devices, live?.devices);
  const nameOf = (id: number) => info.devices.find((d) => d.deviceId === id)?.name ?? String(id);

  return (
    <div className="page station-page">
      <StationHeader base={info} online={online} now={now} worstAlarm={props.worstAlarm} />
      {live && !live.online && (
        <Alert
          type="warning"
          showIcon
          className="offline-banner"
          title={t('station.offline.banner', {
            since: clock.since(live.lastSeen, now),
            ago: formatRelative(live.lastSeen, now, locale, t('common.time.justNow')),
          })}
        />
      )}
      {real.isError && !live && <QueryError error={real.error} />}
      <div className={live && !live.online ? 'station-live is-stale' : 'station-live'}>
        <Card
          title={t('station.flow.title')}
          className="flow-card"
          extra={
            live && (
              <Typography.Text type="secondary">
                {/* The exact time of the newest sample: hover shows it, and it moves with every sample. */}
                <time
                  dateTime={live.lastSeen ?? undefined}
                  title={clock.dateTime(live.lastSeen, true)}
                  data-testid="flow-updated"
                >
                  {t('station.flow.updated', {
                    when: formatRelative(live.lastSeen, now, locale, t('common.time.justNow')),
                  })}
                </time>
              </Typography.Text>
            )
          }
        >
          {live ? (
            <EnergyFlow flow={live.flow} />
          ) : (
            <Skeleton.Node active style={{ width: '100%', height: 320 }} />
          )}
        </Card>
        {live && (
          <TodayCards
            systemType={info.systemType}
            today={live.today}
            flow={live.flow}
            devices={live.devices ?? []}
            deviceName={nameOf}
          />
        )}
      </div>
      {props.highlights}
      {/* Issue 8: history (Day | Month | Year | Total); on Day and today it is the live power chart
          (issue 24 item 12: a separate "Power today" card drew the same chart twice). */}
      <HistoryCard stationId={props.stationId} today={localDate(now, info.timeZone)} locale={locale} />
      <DeviceChartCard
        stationId={props.stationId}
        devices={info.devices}
        live={live?.devices}
        today={localDate(now, info.timeZone)}
        locale={locale}
      />
      <DeviceEventsCard
        stationId={props.stationId}
        devices={info.devices}
        today={localDate(now, info.timeZone)}
        locale={locale}
      />
      <Card
        title={t('station.devices.title')}
        className={live && !live.online ? 'devices-card is-stale' : 'devices-card'}
      >
        <DeviceTable rows={devices} now={now} mobile={isMobile} focusId={props.focusId} />
      </Card>
      {props.manage}
    </div>
  );
}
