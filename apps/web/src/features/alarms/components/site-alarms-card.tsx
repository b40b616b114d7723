import { Card, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { AlarmListKind } from '../api/alarm-list';
import { AlarmTable } from './alarm-table';
import { alarmTarget } from './open-alarm';

/**
 * A site's alarms on its station page (issue 9): current or history, of the device in focus
 * (`?deviceId=`) when there is one, else of the whole site. A device click focuses that device.
 */
export function SiteAlarmsCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('deviceId');
  const deviceId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const [kind, setKind] = useState<AlarmListKind>('current');
  return (
    <Card
      size="small"
      className="site-alarms-card"
      data-testid="site-alarms"
      title={t('app.routes.alarms')}
      extra={
        <Segmented<AlarmListKind>
          size="small"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'current', label: t('alarms.page.current') },
            { value: 'history', label: t('alarms.page.history') },
          ]}
        />
      }
    >
      <AlarmTable
        overview={false}
        kind={kind}
        filters={{ stationId, deviceId }}
        onOpen={(e) => navigate(alarmTarget(e))}
      />
    </Card>
  );
}
