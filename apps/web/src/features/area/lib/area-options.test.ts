import type { AreaNode } from '@ems/contract/api/area';
import { describe, expect, it } from 'vitest';
import { areaCountry, areaOptions, areaPath, onlyMatch, searchAreas } from './area-options';

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

describe('area search (issue 24 item 4)', () => {
  const WORLD: AreaNode[] = [
    node(10, 'BR', 'Brazil', [
      node(11, 'BR-MA', 'Maranhão', [node(12, '2105500', 'João Lisboa')]),
      node(13, 'BR-PI', 'Piauí', [node(14, '2209401', 'Santo Antônio de Lisboa')]),
      node(15, 'BR-SP', 'São Paulo', [node(16, '3550308', 'São Paulo')]),
    ]),
    node(20, 'PT', 'Portugal', [node(21, 'PT-11', 'Lisboa')]),
  ];
  const names = (q: string, country?: string) => searchAreas(WORLD, q, country).map((h) => h.value);

  it('puts the area named exactly so first, then names starting with it, then words', () => {
    expect(names('Lisboa')).toEqual(['PT-11', '2105500', '2209401']);
    expect(names('lisb')).toEqual(['PT-11', '2105500', '2209401']);
    expect(names('joao')).toEqual(['2105500']);
  });

  it('prefers the chosen country at equal rank, and regions before municipalities', () => {
    expect(names('São Paulo')).toEqual(['BR-SP', '3550308']);
    expect(names('Lisboa', 'BR')).toEqual(['PT-11', '2105500', '2209401']);
    expect(names('boa')).toEqual(['PT-11', '2105500', '2209401']);
    expect(names('boa', 'BR')).toEqual(['2105500', '2209401', 'PT-11']);
  });

  it('says where each result lies and finds nothing for an empty search', () => {
    expect(searchAreas(WORLD, 'joão')[0]).toEqual({
      value: '2105500',
      name: 'João Lisboa',
      above: ['Brazil', 'Maranhão'],
      country: 'BR',
    });
    expect(searchAreas(WORLD, '  ')).toEqual([]);
  });
});

describe('onlyMatch (issue 34 item 10: Enter takes the only match)', () => {
  it('answers the one match of a typed search, else nothing', () => {
    expect(onlyMatch('Brno', searchAreas(TREE, 'Brno'))).toBe('CZ-642');
    expect(onlyMatch('', [{ value: 'CZ' }])).toBeNull();
    expect(onlyMatch('Zzz', searchAreas(TREE, 'Zzz'))).toBeNull();
    expect(onlyMatch('a', [{ value: 'CZ' }, { value: 'AQ' }])).toBeNull();
  });
});
