import type { GroupNode } from '@ems/contract/api/fleet';
import { describe, expect, it } from 'vitest';
import { devicesAfterSiteChange, visibleSites } from './rule-sites';

const site = (stationId: number, stationName: string, owned = true) => ({
  stationId,
  stationName,
  owned,
  systemType: 1,
  capacity: 5,
  address: '',
  areaCode: null,
});
const group = (id: number, subStations: ReturnType<typeof site>[]): GroupNode => ({
  id,
  name: `g${id}`,
  isDefault: id === 1,
  capacities: [],
  owner: 'demo',
  subStations,
});

describe('rule sites', () => {
  it('lists every site of the tree once, shared ones marked, by name', () => {
    const groups = [
      group(1, [site(2, 'Roof'), site(1, 'Barn')]),
      group(2, [site(9, 'Friend', false), site(2, 'Roof')]),
    ];
    expect(visibleSites(groups)).toEqual([
      { stationId: 1, stationName: 'Barn', owned: true },
      { stationId: 9, stationName: 'Friend', owned: false },
      { stationId: 2, stationName: 'Roof', owned: true },
    ]);
  });

  it('drops the devices of sites left out, keeps the others and those not yet read', () => {
    const devicesOf = new Map([
      [1, [10, 11]],
      [2, [20]],
    ]);
    expect(devicesAfterSiteChange([10, 20, 30], [2, 3], devicesOf)).toEqual([20, 30]);
    expect(devicesAfterSiteChange([10, 20], [], devicesOf)).toEqual([]);
  });
});
