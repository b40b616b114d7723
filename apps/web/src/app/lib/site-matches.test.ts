import type { GroupNode, GroupSite } from '@ems/contract/api/fleet';
import { describe, expect, it } from 'vitest';
import { SITE_SEARCH_LIMIT, siteMatches } from './site-matches';

const site = (stationId: number, stationName: string, systemType = 1): GroupSite => ({
  stationId,
  stationName,
  systemType,
  capacity: 5,
  address: '',
  areaCode: null,
  owned: true,
});
const group = (id: number, subStations: GroupSite[]): GroupNode => ({
  id,
  name: `g${id}`,
  isDefault: id === 1,
  capacities: [],
  owner: 'demo',
  subStations,
});

describe('siteMatches', () => {
  it('lists the sites of every group and type once, by name', () => {
    const rows = siteMatches(
      [
        group(1, [site(3, 'Brno', 6), site(1, 'Oslo', 2)]),
        group(2, [site(2, 'Ánimo', 3), site(3, 'Brno', 6)]),
      ],
      'en-US',
    );
    expect(rows.map((r) => [r.stationId, r.systemType])).toEqual([
      [2, 3],
      [3, 6],
      [1, 2],
    ]);
  });

  it('offers at most SITE_SEARCH_LIMIT sites', () => {
    const many = Array.from({ length: SITE_SEARCH_LIMIT + 5 }, (_, i) => site(i + 1, `Site ${i}`));
    expect(siteMatches([group(1, many)], 'en-US')).toHaveLength(SITE_SEARCH_LIMIT);
  });
});
