/**
 * The alarm list table of spec §2 (issue 9): its rules as pure functions, and the component itself
 * rendered to HTML with react-dom/server (the web workspace has no DOM test environment, so clicks are
 * tested through the event builder the cells call).
 */
import type { AlarmRow } from '@ems/contract/api/alarm';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AlarmTableView } from './alarm-table';
import {
  alarmColumns,
  alarmOpenEvent,
  alarmsCsv,
  alarmTimeText,
  showPagination,
  siteClickable,
} from './alarm-table-model';
import { alarmTarget } from './open-alarm';

const NOW = Date.parse('2026-11-23T12:00:00Z');

const row = (over: Partial<AlarmRow> = {}): AlarmRow => ({
  id: 1,
  alarmTime: NOW - 3_600_000,
  alarmDateTime: '2026-11-23 12:00:00',
  clearTime: null,
  alarmDesc: 'Grid Over Voltage Protection',
  alarmCode: 'ID001',
  alarmLevel: 4,
  source: 'device',
  deviceId: 7,
  deviceName: 'Inverter 1',
  stationId: 3,
  stationName: 'Becker home',
  systemType: 1,
  timeZone: 'Europe/Berlin',
  ...over,
});

describe('alarm table rules', () => {
  it('shows the spec columns; device hidden for type 3, detail only above type 1', () => {
    expect(alarmColumns(0)).toEqual([
      'alarmTime',
      'alarmDesc',
      'alarmCode',
      'alarmLevel',
      'device',
      'station',
    ]);
    expect(alarmColumns(1)).toEqual(alarmColumns(0));
    expect(alarmColumns(2)).toEqual([...alarmColumns(0), 'detail']);
    expect(alarmColumns(3)).toEqual([
      'alarmTime',
      'alarmDesc',
      'alarmCode',
      'alarmLevel',
      'station',
      'detail',
    ]);
  });

  it('makes the site clickable only for type 0 and pages only when total > 0', () => {
    expect([0, 1, 2, 3].map((t) => siteClickable(t as 0))).toEqual([true, false, false, false]);
    expect([0, 1, 25].map(showPagination)).toEqual([false, true, true]);
  });

  it('emits kind, deviceId, stationId and the alarm date-time, and opens the station view', () => {
    const e = alarmOpenEvent('device', row());
    expect(e).toEqual({ kind: 'device', deviceId: 7, stationId: 3, alarmDateTime: '2026-11-23 12:00:00' });
    expect(alarmTarget(e)).toBe('/station?stationId=3&deviceId=7');
    expect(alarmTarget(alarmOpenEvent('station', row()))).toBe('/station?stationId=3');
    expect(alarmTarget(alarmOpenEvent('log', row({ deviceId: null })))).toBe('/station?stationId=3');
  });

  it('reads 10-digit times as seconds, says "just now" under 30 s, else the site time zone', () => {
    expect(alarmTimeText(NOW / 1000 - 10, NOW, 'en-US', 'Europe/Berlin', 'just now')).toBe('just now');
    expect(alarmTimeText(NOW - 29_000, NOW, 'en-US', 'Asia/Shanghai', 'just now')).toBe('just now');
    expect(alarmTimeText(NOW - 3_600_000, NOW, 'en-GB', 'Asia/Shanghai', 'just now')).toBe(
      '23 Nov 2026, 19:00',
    );
    expect(alarmTimeText(NOW / 1000 - 3600, NOW, 'en-GB', 'Europe/Berlin', 'just now')).toBe(
      '23 Nov 2026, 12:00',
    );
    expect(alarmTimeText(null, NOW, 'en-GB', 'UTC', 'just now')).toBe('–');
  });

  it('exports CSV with a header, quoted cells and defused formulas', () => {
    const csv = alarmsCsv(
      [row({ alarmDesc: 'Temp, high "A"', deviceName: '=cmd' })],
      ['time', 'end', 'desc', 'code', 'level', 'device', 'site'],
      (l) => `L${l}`,
      () => '',
    );
    expect(csv).toBe(
      '\uFEFFtime,end,desc,code,level,device,site\r\n2026-11-23 12:00:00,,"Temp, high ""A""",ID001,L4,\'=cmd,Becker home\r\n',
    );
  });
});

describe('AlarmTableView', () => {
  const html = (type: 0 | 1 | 2 | 3, rows: AlarmRow[], total = rows.length) =>
    renderToStaticMarkup(<AlarmTableView type={type} rows={rows} total={total} pageNum={1} nowMs={NOW} />);

  it('renders one row per alarm with its level tag, device and site links for type 0', () => {
    const out = html(0, [row(), row({ id: 2, alarmLevel: 0, alarmCode: 'X9' })]);
    expect(out.match(/<tr[^>]*data-row-key/g)).toHaveLength(2);
    expect(out).toContain('Grid Over Voltage Protection');
    expect(out).toContain('alarms.level.fault');
    expect(out).toContain('–'); // level 0 is a dash
    expect(out.match(/alarm-link/g)).toHaveLength(4); // device + site per row
    expect(out).toContain('ant-pagination');
  });

  it('shows the site as text for type 1, a detail link for type 2 and no device column for type 3', () => {
    expect(html(1, [row()]).match(/alarm-link/g)).toHaveLength(1);
    const two = html(2, [row()]);
    expect(two).toContain('alarms.table.detail');
    expect(two.match(/alarm-link/g)).toHaveLength(2);
    const three = html(3, [row()]);
    expect(three).not.toContain('alarms.table.device');
    expect(three).not.toContain('Inverter 1');
  });

  it('has no pagination when there is nothing to list', () => {
    const out = html(0, [], 0);
    expect(out).not.toContain('ant-pagination');
    expect(out).toContain('alarms.dialog.none');
  });
});
