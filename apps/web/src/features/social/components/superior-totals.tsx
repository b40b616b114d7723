/**
 * Totals of the caller's superior stations (issue 10 §3, station/attached/totals): one card per station
 * that owns at least one accepted subordinate, or an empty state saying how stations get attached.
 */

import type { CapacitySum } from '@ems/contract/api/fleet';
import type { Attachment } from '@ems/contract/api/social';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCapacity } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { QueryError } from '../../../shared/ui/query-error';
import { useAttachTotals } from '../api/social-api';

/** The superior stations among `links` (received and accepted), each with its subordinates' totals. */
export function SuperiorTotals({ links }: { links: readonly Attachment[] }) {
  const { t } = useTranslation();
  const supers = new Map<number, string>();
  // A received link's superior is the caller's own station, so its name is always given.
  for (const l of links) {
    if (l.direction === 'received' && l.status === 2) supers.set(l.superId, l.superName ?? String(l.superId));
  }
  if (supers.size === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('social.totals.empty')} />;
  }
  return (
    <Row gutter={[16, 16]}>
      {[...supers].map(([id, name]) => (
        <Col key={id} xs={24} md={12} xl={8}>
          <TotalsCard stationId={id} name={name} />
        </Col>
      ))}
    </Row>
  );
}

/** Capacities per unit as the rest of the app writes them ("4.2 kWp · 10.0 kWh"); 0 kW when none. */
function capacityText(sums: readonly CapacitySum[], locale: string): string {
  if (sums.length === 0) return formatCapacity(0, locale, 'kW');
  return sums.map((c) => formatCapacity(c.value, locale, c.unit)).join(' · ');
}

function TotalsCard({ stationId, name }: { stationId: number; name: string }) {
  const { t } = useTranslation();
  const locale = currentLanguageCode();
  const totals = useAttachTotals(stationId);
  const d = totals.data;
  return (
    <Card size="small" title={t('social.totals.title', { name })} data-testid={`totals-${stationId}`}>
      {d ? (
        <Row gutter={16}>
          <Col span={12}>
            <Statistic title={t('social.totals.subordinates')} value={d.subordinates} />
          </Col>
          <Col span={12}>
            <Statistic title={t('social.totals.devices')} value={d.devices} />
          </Col>
          <Col span={12}>
            <Statistic
              title={t('social.totals.capacity')}
              value={capacityText(d.capacities, locale)}
              data-testid={`totals-capacity-${stationId}`}
            />
          </Col>
          <Col span={12}>
            <Statistic title={t('social.totals.power')} value={d.powerW / 1000} precision={2} suffix="kW" />
          </Col>
        </Row>
      ) : totals.isError ? (
        <QueryError error={totals.error} />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}
