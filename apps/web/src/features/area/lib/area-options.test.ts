import type { AreaNode } from '@ems/contract/api/area';
import { describe, expect, it } from 'vitest';
import { areaCountry, areaOptions, areaPath } from './area-options';

const node = (id: number, areaCode: string, areaName: string, subs: AreaNode[] = []): AreaNode => ({
  info: { id, areaCode, areaName },
  subs,
});
const TREE: AreaNode[] = [
  node(1, 'CN', '中国', [node(2, '440000', '广东省', [node(3, '440300', '深圳市')])]),
  node(4, 'CZ', 'Česko', [node(5, 'CZ-64', 'Jihomoravský kraj', [node(6, 'CZ-642', 'Brno-město')])]),
  node(7, 'AQ', 'Antarctica'),
];

describe('area options', () => {
  it('maps the tree to TreeSelect options, leaves without children', () => {
    const opts = areaOptions(TREE);
    expect(opts[0]).toEqual({
      value: 'CN',
      title: '中国',
      children: [{ value: '440000', title: '广东省', children: [{ value: '440300', title: '深圳市' }] }],
    });
    expect(opts[2]).toEqual({ value: 'AQ', title: 'Antarctica' });
  });

  it('finds an area’s path of names and its country', () => {
    expect(areaPath(TREE, 'CZ-642')).toEqual(['Česko', 'Jihomoravský kraj', 'Brno-město']);
    expect(areaPath(TREE, 'XX')).toEqual([]);
    expect(areaCountry(TREE, '440300')).toBe('CN');
    expect(areaCountry(TREE, 'CZ')).toBe('CZ');
    expect(areaCountry(TREE, 'XX')).toBeNull();
  });
});
