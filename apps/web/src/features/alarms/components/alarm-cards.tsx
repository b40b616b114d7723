import type { AlarmRow } from '@ems/contract/api/alarm';
import { Card } from 'antd';
import type { AlarmCell } from './alarm-cells';
import type { AlarmColumn } from './alarm-table-model';

/** Columns a card puts in its head (level, then time) and its text line, not among its labelled values. */
const HEAD: ReadonlySet<AlarmColumn> = new Set(['alarmLevel', 'alarmTime', 'alarmDesc']);

/**
 * The alarm list below 992 px (issue 24 item 10): one card per alarm, so nothing of the row hides
 * off-screen. Its head holds the level and the alarm time, then the description, then every other
 * column of the list (cleared, duration, code, device, site, detail) as a label and its value.
 */
export function AlarmCards(props: {
  rows: readonly AlarmRow[];
  columns: readonly AlarmColumn[];
  cells: Record<AlarmColumn, AlarmCell>;
}) {
  const { cells } = props;
  const rest = props.columns.filter((c) => !HEAD.has(c));
  return (
    <div className="alarm-cards">
      {props.rows.map((r) => (
        <Card key={r.id} size="small" className="alarm-card" data-row-key={r.id}>
          <div className="site-card-head">
            {cells.alarmLevel.render(r)}
            <span className="alarm-card-time">{cells.alarmTime.render(r)}</span>
          </div>
          <div className="alarm-card-desc">{cells.alarmDesc.render(r)}</div>
          <dl className="site-card-values">
            {rest.map((c) => (
              <div key={c}>
                <dt>{cells[c].title}</dt>
                <dd>{cells[c].render(r)}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ))}
    </div>
  );
}
