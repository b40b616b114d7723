import { describe, expect, it } from 'vitest';
import { MERCATOR_MAX_LAT, mercatorProject, mercatorUnproject, visibleTiles } from './tiles';

describe('Web Mercator for street tiles', () => {
  it('maps the tile world to a 360 × 360 square, north up, and back', () => {
    const [x0, y0] = mercatorProject([10, 0]);
    expect(x0).toBe(10);
    expect(y0).toBeCloseTo(0, 9);
    // North is up: a northern latitude has a smaller y.
    expect(mercatorProject([0, 50])[1]).toBeLessThan(mercatorProject([0, -50])[1]!);
    expect(mercatorProject([-180, MERCATOR_MAX_LAT])[1]).toBeCloseTo(-180, 6);
    expect(mercatorProject([180, -MERCATOR_MAX_LAT])[1]).toBeCloseTo(180, 6);
    const [lon, lat] = mercatorUnproject(mercatorProject([14.42, 50.08]));
    expect(lon).toBeCloseTo(14.42, 9);
    expect(lat).toBeCloseTo(50.08, 9);
  });

  it('places the tiles that cover the chart, at the zoom of ~256 px tiles', () => {
    // The whole world in 512 px at (100, 0) in a 700 × 500 chart: zoom 1, four tiles of 256 px.
    const tiles = visibleTiles({ originX: 100, originY: 0, worldPx: 512, width: 700, height: 500 }, 19);
    expect(tiles.map((t) => [t.z, t.x, t.y, t.left, t.top, t.size])).toEqual([
      [1, 0, 0, 100, 0, 256],
      [1, 1, 0, 356, 0, 256],
      [1, 0, 1, 100, 256, 256],
      [1, 1, 1, 356, 256, 256],
    ]);
  });

  it('asks only for the tiles in view when zoomed in, and caps the zoom', () => {
    // World of 2^12 px (zoom 4, 16 × 16 tiles of 256 px) shifted so the view starts inside tile (3, 5).
    const tiles = visibleTiles({ originX: -800, originY: -1300, worldPx: 4096, width: 300, height: 200 }, 19);
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([4]));
    expect(tiles.map((t) => `${t.x}/${t.y}`)).toEqual(['3/5', '4/5']);
    const capped = visibleTiles({ originX: 0, originY: 0, worldPx: 2 ** 30, width: 300, height: 200 }, 19);
    expect(capped[0]!.z).toBe(19);
    expect(visibleTiles({ originX: 0, originY: 0, worldPx: 0, width: 300, height: 200 }, 19)).toEqual([]);
  });
});
