import type { GroupNode } from '@ems/contract/api/fleet';
import { describe, expect, it } from 'vitest';
import { siteChoices } from './compare-sites';

const site = (stationId: number, stationName: string) => ({
  stationId,
  stationName,
  systemType: 6,
  capacity: 5,
  address: '',
  areaCode: null,
  owned: true,
});
const group = (id: number, sites: ReturnType<typeof site>[]): GroupNode => ({
  id,
  name: `G${id}`,
  isDefault: id === 1,
  capacities: [],
  owner: 'demo',
  subStations: sites,
});

describe('siteChoices', () => {
  it('lists each site once, by name, and names a chosen id the tree lacks', () => {
    const groups = [
      group(1, [site(3, 'Beta'), site(1, 'alpha')]),
      group(2, [site(3, 'Beta'), site(2, 'Gamma')]),
    ];
    expect(siteChoices(groups, [2, 99], 'en-US', (id) => `Site ${id}`)).toEqual([
      { value: 1, label: 'alpha' },
      { value: 3, label: 'Beta' },
      { value: 2, label: 'Gamma' },
      { value: 99, label: 'Site 99' },
    ]);
  });
});
