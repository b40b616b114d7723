import type { StationSummary } from '@ems/contract/api/station';
import { describe, expect, it } from 'vitest';
import { chargersCharging, dashboardKpis, filterSites, sortSites } from './kpis';

const site = (stationId: number, f: Partial<StationSummary> = {}): StationSummary => ({
  stationId,
  stationName: `Site ${stationId}`,
  systemType: 6,
  templateCode: 'storage',
  address: 'Main street 1',
  country: 'CZ',
  timeZone: 'Europe/Prague',
  longitude: 14.4,
  latitude: 50.1,
  capacity: 10,
  online: true,
  deviceCount: 3,
  onlineDeviceCount: 3,
  powerW: null,
  todayKwh: null,
  soc: null,
  chargerCount: 0,
  chargersCharging: 0,
  worstAlarmLevel: null,
  lastSeen: null,
  ...f,
});

describe('dashboardKpis', () => {
  it('counts sites and sums what is known', () => {
    const k = dashboardKpis([
      site(1, { powerW: 4000, todayKwh: 12.5, soc: 80 }),
      site(2, { online: false, powerW: null, soc: 40, capacity: 5.5 }),
      site(3, { powerW: 1500, todayKwh: 2 }),
    ]);
    expect(k).toEqual({
      sites: 3,
      online: 2,
      offline: 1,
      powerW: 5500,
      todayKwh: 14.5,
      avgSoc: 60,
      capacityKwp: 25.5,
    });
  });

  it('leaves unknown figures unknown rather than 0', () => {
    const k = dashboardKpis([site(1)]);
    expect(k.powerW).toBeNull();
    expect(k.todayKwh).toBeNull();
    expect(k.avgSoc).toBeNull();
    expect(dashboardKpis([]).sites).toBe(0);
  });
});

describe('chargersCharging', () => {
  it('adds up the chargers charging of every listed site', () => {
    expect(
      chargersCharging([
        site(1, { chargerCount: 3, chargersCharging: 1 }),
        site(2, { chargerCount: 1, chargersCharging: 1 }),
      ]),
    ).toEqual({ charging: 2, total: 4 });
  });
});

describe('sortSites / filterSites', () => {
  it('puts sites with the worst alarms first, then by name', () => {
    const rows = [
      site(1, { stationName: 'B' }),
      site(2, { stationName: 'A' }),
      site(3, { worstAlarmLevel: 4 }),
    ];
    expect(sortSites(rows).map((r) => r.stationId)).toEqual([3, 2, 1]);
  });

  it('searches name, address and country', () => {
    const rows = [site(1, { stationName: 'Sunny Farm' }), site(2, { address: 'Rua Azul', country: 'BR' })];
    expect(filterSites(rows, 'sunny').map((r) => r.stationId)).toEqual([1]);
    expect(filterSites(rows, 'br').map((r) => r.stationId)).toEqual([2]);
    expect(filterSites(rows, '  ')).toHaveLength(2);
  });
});
