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
  alarmDurationMs,
  alarmOpenEvent,
  alarmsCsv,
  alarmTimeText,
  namesZone,
  sharedSystemType,
  showPagination,
  siteClickable,
  spansZones,
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
  const current = { overview: true, history: false };
  it('shows the spec columns; device hidden for system type 3, detail only above system type 1', () => {
    const base = ['alarmTime', 'alarmDesc', 'alarmCode', 'alarmLevel', 'device', 'station'];
    expect(alarmColumns(current)).toEqual(base);
    expect(alarmColumns({ ...current, systemType: 1 })).toEqual(base);
    for (const systemType of [2, 6, 7]) {
      expect(alarmColumns({ ...current, systemType })).toEqual([...base, 'detail']);
    }
    expect(alarmColumns({ ...current, systemType: 3 })).toEqual([
      'alarmTime',
      'alarmDesc',
      'alarmCode',
      'alarmLevel',
      'station',
      'detail',
    ]);
  });

  it('adds the cleared time and the duration after the alarm time in history', () => {
    expect(alarmColumns({ overview: false, history: true, systemType: 6 })).toEqual([
      'alarmTime',
      'clearTime',
      'duration',
      'alarmDesc',
      'alarmCode',
      'alarmLevel',
      'device',
      'station',
      'detail',
    ]);
    expect(alarmDurationMs(row({ clearTime: NOW - 3_600_000 + 125_000 }))).toBe(125_000);
    expect(alarmDurationMs(row())).toBeNull();
  });

  it('makes the site clickable only in an overview and pages only when total > 0', () => {
    expect(siteClickable({ overview: true })).toBe(true);
    expect(siteClickable({ overview: false })).toBe(false);
    expect([0, 1, 25].map(showPagination)).toEqual([false, true, true]);
  });

  it("reads the list's system type from its rows when they share one, and whether they span zones", () => {
    expect(sharedSystemType([row(), row({ id: 2 })])).toBe(1);
    expect(sharedSystemType([row(), row({ id: 2, systemType: 6 })])).toBeUndefined();
    expect(spansZones([row(), row({ id: 2 })])).toBe(false);
    expect(spansZones([row(), row({ id: 2, timeZone: 'Asia/Shanghai' })])).toBe(true);
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
    expect(alarmTimeText(NOW - 3_600_000, NOW, 'pt-BR', 'Asia/Shanghai', 'just now')).toBe(
      '23/11/2026, 19:00',
    );
    expect(alarmTimeText(NOW / 1000 - 3600, NOW, 'pt-BR', 'Europe/Berlin', 'just now')).toBe(
      '23/11/2026, 12:00',
    );
    expect(alarmTimeText(NOW - 3_600_000, NOW, 'en-US', 'Asia/Shanghai', 'just now', true)).toBe(
      '11/23/2026, 19:00 GMT+8',
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
  const html = (
    props: { overview?: boolean; kind?: 'current' | 'history'; systemType?: number; cards?: boolean },
    rows: AlarmRow[],
    total = rows.length,
  ) =>
    renderToStaticMarkup(
      <AlarmTableView
        overview={props.overview ?? true}
        kind={props.kind ?? 'current'}
        systemType={props.systemType}
        cards={props.cards ?? false}
        rows={rows}
        total={total}
        pageNum={1}
        nowMs={NOW}
      />,
    );

  it('renders one row per alarm with its level tag, device and site links in an overview', () => {
    const out = html({ systemType: 1 }, [row(), row({ id: 2, alarmLevel: 0, alarmCode: 'X9' })]);
    expect(out.match(/<tr[^>]*data-row-key/g)).toHaveLength(2);
    expect(out).toContain('Grid Over Voltage Protection');
    expect(out).toContain('alarms.level.fault');
    expect(out).toContain('–'); // level 0 is a dash
    expect(out.match(/alarm-link/g)).toHaveLength(4); // device + site per row
    expect(out).toContain('ant-pagination');
  });

  it("shows a site's list without site links, a detail link above system type 1 and no device column for 3", () => {
    expect(html({ overview: false }, [row()]).match(/alarm-link/g)).toHaveLength(1);
    const storage = html({ overview: false }, [row({ systemType: 6 })]);
    expect(storage).toContain('alarms.table.openDetail');
    expect(storage.match(/alarm-link/g)).toHaveLength(2);
    const other = html({ systemType: 3 }, [row({ systemType: 3 })]);
    expect(other).not.toContain('alarms.table.device');
    expect(other).not.toContain('Inverter 1');
    expect(other).toContain('alarms.table.openDetail');
  });

  it("lists cleared time and duration in history, naming zones when the rows span them or differ from the browser's", () => {
    const cleared = row({ clearTime: NOW - 3_600_000 + 125_000 });
    const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const local = row({ clearTime: NOW - 3_600_000 + 125_000, timeZone: viewer });
    const one = html({ kind: 'history', systemType: 1 }, [local]);
    expect(one).toContain('alarms.table.cleared');
    expect(one).toContain('alarms.table.duration');
    expect(one).toContain('2m 5s');
    expect(one).not.toContain('GMT');
    // Issue 34 item 1: a Berlin site seen from another clock names its zone even alone.
    expect(namesZone([cleared], NOW, 'Europe/Lisbon')).toBe(true);
    expect(namesZone([cleared], NOW, 'Europe/Berlin')).toBe(false);
    const two = html({ kind: 'history', systemType: 1 }, [
      cleared,
      row({ id: 2, clearTime: NOW - 60_000, timeZone: 'Asia/Shanghai' }),
    ]);
    expect(two).toContain('GMT+1');
    expect(two).toContain('GMT+8');
  });

  it('says "no active alarms" for an empty current list and "no alarms in this period" for history', () => {
    const current = html({}, [], 0);
    expect(current).not.toContain('ant-pagination');
    expect(current).toContain('alarms.dialog.none');
    expect(html({ kind: 'history' }, [], 0)).toContain('alarms.history.none');
    expect(html({ kind: 'history', cards: true }, [], 0)).toContain('alarms.history.none');
  });

  it('draws one card per alarm below 992 px, with every column of the list', () => {
    const out = html({ kind: 'history', systemType: 6, cards: true }, [
      row({ clearTime: NOW - 1_800_000, systemType: 6 }),
      row({ id: 2, systemType: 6 }),
    ]);
    expect(out).not.toContain('<table');
    expect(out.match(/class="[^"]*alarm-card[ "]/g)).toHaveLength(2);
    for (const key of ['cleared', 'duration', 'code', 'device', 'site', 'detail']) {
      expect(out).toContain(`alarms.table.${key}`);
    }
    expect(out).toContain('alarms.level.fault');
    expect(out).toContain('Inverter 1');
    expect(out).toContain('ant-pagination');
  });
});
