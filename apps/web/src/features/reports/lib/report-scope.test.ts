import type { GroupNode } from '@ems/contract/api/fleet';
import { describe, expect, it } from 'vitest';
import { groupOptions, type ReportScope, scopeParams, switchScope } from './report-scope';

const group = (id: number, name: string, sites: number): GroupNode => ({
  id,
  name,
  isDefault: id === 1,
  capacities: [],
  owner: 'demo',
  subStations: Array.from({ length: sites }, (_, i) => ({ stationId: id * 100 + i }) as never),
});
const groups = [group(1, 'Default', 4), group(7, 'Roofs', 2)];
const start: ReportScope = { kind: 'all', groupId: null, stationIds: [] };

describe('report scope', () => {
  it('asks for all sites, a group or the chosen sites', () => {
    expect(scopeParams(start)).toEqual({ stationIds: [] });
    expect(scopeParams({ kind: 'group', groupId: 7, stationIds: [3] })).toEqual({
      stationIds: [],
      groupId: 7,
    });
    expect(scopeParams({ kind: 'sites', groupId: 7, stationIds: [3, 4] })).toEqual({ stationIds: [3, 4] });
    expect(scopeParams({ kind: 'group', groupId: null, stationIds: [] })).toEqual({ stationIds: [] });
  });
  it('picks the first group on switching to groups, and keeps a group already chosen', () => {
    expect(switchScope(start, 'group', groups)).toEqual({ kind: 'group', groupId: 1, stationIds: [] });
    const roofs = { ...start, groupId: 7 };
    expect(switchScope(roofs, 'group', groups).groupId).toBe(7);
    expect(switchScope(start, 'group', []).groupId).toBeNull();
    expect(switchScope({ kind: 'group', groupId: 7, stationIds: [5] }, 'sites', groups)).toEqual({
      kind: 'sites',
      groupId: 7,
      stationIds: [5],
    });
  });
  it('labels groups with their number of sites', () => {
    expect(groupOptions(groups, 'Ungrouped')).toEqual([
      { value: 1, label: 'Ungrouped (4)' },
      { value: 7, label: 'Roofs (2)' },
    ]);
  });
});
