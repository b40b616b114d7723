import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { energyFormatter, formatPercent } from '../../../shared/format/quantity';
import { type CompareSite, SITE_COLORS } from '../lib/compare-chart-option';

const ENERGY_KEYS = ['productionKwh', 'consumptionKwh', 'gridBuyKwh', 'gridSellKwh'] as const;

/**
 * The comparison's totals: one row per site (its chart colour beside the name) with the period's
 * production, consumption, grid purchase and feed-in in one unit for all, and its self ratios. Below
 * 992 px the table keeps its columns and scrolls sideways with the site name fixed.
 */
export function CompareTotals({ sites, locale }: { sites: readonly CompareSite[]; locale: string }) {
  const { t } = useTranslation();
  const energy = energyFormatter(
    sites.flatMap((s) => ENERGY_KEYS.map((k) => s.stats.totals[k])),
    locale,
  );
  const columns = [
    {
      title: t('history.compare.site'),
      key: 'name',
      fixed: 'left' as const,
      render: (_: unknown, s: CompareSite) => (
        <span className="compare-site-name">
          <span
            className="compare-swatch"
            style={{ background: SITE_COLORS[sites.indexOf(s) % SITE_COLORS.length] }}
            aria-hidden
          />
          {s.name}
        </span>
      ),
    },
    ...ENERGY_KEYS.map((k) => ({
      title: t(`history.totals.${k}`),
      key: k,
      align: 'right' as const,
      render: (_: unknown, s: CompareSite) => energy(s.stats.totals[k]),
    })),
    ...(['selfSufficiency', 'selfConsumption'] as const).map((k) => ({
      title: t(`history.totals.${k}`),
      key: k,
      align: 'right' as const,
      render: (_: unknown, s: CompareSite) => formatPercent(s.stats[k], locale),
    })),
  ];
  return (
    <Table<CompareSite>
      className="compare-totals"
      data-testid="compare-totals"
      size="small"
      rowKey="stationId"
      pagination={false}
      columns={columns}
      dataSource={[...sites]}
      scroll={{ x: 'max-content' }}
    />
  );
}
