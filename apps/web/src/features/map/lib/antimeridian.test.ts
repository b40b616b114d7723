import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import countries from 'world-atlas/countries-110m.json';
import { type Position, splitGeometry, splitRing } from './antimeridian';

/** Largest longitude step between consecutive points of any ring of `coords` (a MultiPolygon). */
function widestStep(coords: Position[][][]): number {
  let max = 0;
  for (const poly of coords)
    for (const ring of poly)
      for (let i = 1; i < ring.length; i++) max = Math.max(max, Math.abs(ring[i]![0] - ring[i - 1]![0]));
  return max;
}

describe('splitRing', () => {
  it('keeps a ring that does not cross ±180° as it is', () => {
    const ring: Position[] = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    expect(splitRing(ring)).toEqual([ring]);
  });

  it('cuts an island across the antimeridian into a west and an east part', () => {
    // A square from 178°E to 178°W: the east part ends at 180, the west part starts at −180.
    const ring: Position[] = [
      [178, -16],
      [-178, -16],
      [-178, -18],
      [178, -18],
      [178, -16],
    ];
    const parts = splitRing(ring);
    expect(parts).toHaveLength(2);
    for (const p of parts) {
      const lons = p.map((q) => q[0]);
      expect(Math.max(...lons) - Math.min(...lons)).toBeLessThanOrEqual(2);
      expect(p[0]).toEqual(p[p.length - 1]);
    }
    const all = parts.flat().map((q) => q[0]);
    expect(all).toContain(180);
    expect(all).toContain(-180);
  });

  it('closes a ring around the south pole along −90° instead of across the map', () => {
    const ring: Position[] = [
      [-180, -70],
      [0, -65],
      [180, -70],
      [-180, -70],
    ];
    const [part] = splitRing(ring);
    expect(part!.some((p) => p[1] === -90)).toBe(true);
    for (let i = 1; i < part!.length; i++) {
      const step = Math.abs(part![i]![0] - part![i - 1]![0]);
      if (step > 180) expect([part![i]![1], part![i - 1]![1]]).toEqual([-90, -90]);
    }
  });
});

describe('splitGeometry on the bundled outlines', () => {
  it('leaves no ring of Russia or Fiji jumping across the map', () => {
    const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
    const fc = feature(topo, topo.objects.countries) as GeoJSON.FeatureCollection;
    for (const name of ['Russia', 'Fiji']) {
      const f = fc.features.find((x) => x.properties?.name === name)!;
      const before = f.geometry as GeoJSON.MultiPolygon;
      expect(widestStep(before.coordinates as Position[][][])).toBeGreaterThan(180);
      const after = splitGeometry(before);
      expect(after.type).toBe('MultiPolygon');
      expect(widestStep(after.coordinates as Position[][][])).toBeLessThan(180);
    }
  });
});
