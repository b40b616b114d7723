import { Card } from 'antd';
import type { ReactNode } from 'react';

/**
 * One KPI card of the dashboard: a label, a big value (already formatted, "–" when unknown) and an
 * optional line under it. `accent` colours the icon badge.
 */
export function KpiCard(props: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  icon?: ReactNode;
  accent?: string;
  testId?: string;
  loading?: boolean;
}) {
  return (
    <Card className="kpi-card" loading={props.loading} data-testid={props.testId}>
      <div className="kpi-head">
        <span className="kpi-label">{props.label}</span>
        {props.icon && (
          <span
            className="kpi-icon"
            style={{
              color: props.accent,
              background: `color-mix(in srgb, ${props.accent ?? '#1668dc'} 12%, transparent)`,
            }}
          >
            {props.icon}
          </span>
        )}
      </div>
      <div className="kpi-value">{props.value}</div>
      {props.sub && <div className="kpi-sub">{props.sub}</div>}
    </Card>
  );
}
