/**
 * Draws street tiles under the site map's outlines (issue 7 item 7): on every pan, zoom or resize, the
 * visible XYZ tiles are placed as ECharts graphic images behind the geo layer. Needs the geo to use the
 * Web Mercator projection of lib/tiles.ts.
 */
import type { ECharts } from 'echarts/core';
import { loadTile } from '../api/tiles-api';
import { MERCATOR_MAX_LAT, type PlacedTile, visibleTiles } from '../lib/tiles';

/** Keeps `chart`'s tile images in step with its view. @returns a function that stops it. */
export function attachTileLayer(chart: ECharts, maxZoom: number): () => void {
  const loaded = new Map<string, string | null>();
  let frame = 0;
  let stopped = false;

  const place = (tiles: PlacedTile[]) => {
    const elements = tiles.flatMap((t) => {
      const url = loaded.get(`${t.z}/${t.x}/${t.y}`);
      if (!url) return [];
      // Half a pixel more on each side hides the seams between neighbouring tiles.
      return [
        {
          type: 'image' as const,
          silent: true,
          z: -10,
          style: { image: url, x: t.left - 0.5, y: t.top - 0.5, width: t.size + 1, height: t.size + 1 },
        },
      ];
    });
    chart.setOption({ graphic: { elements } }, { replaceMerge: ['graphic'] });
  };

  const draw = () => {
    frame = 0;
    if (stopped || chart.isDisposed()) return;
    const topLeft = chart.convertToPixel({ geoIndex: 0 }, [-180, MERCATOR_MAX_LAT]) as number[] | undefined;
    const topRight = chart.convertToPixel({ geoIndex: 0 }, [180, MERCATOR_MAX_LAT]) as number[] | undefined;
    if (!topLeft || !topRight) return;
    const tiles = visibleTiles(
      {
        originX: topLeft[0]!,
        originY: topLeft[1]!,
        worldPx: topRight[0]! - topLeft[0]!,
        width: chart.getWidth(),
        height: chart.getHeight(),
      },
      maxZoom,
    );
    place(tiles);
    const missing = tiles.filter((t) => !loaded.has(`${t.z}/${t.x}/${t.y}`));
    if (missing.length === 0) return;
    void Promise.all(
      missing.map(async (t) => loaded.set(`${t.z}/${t.x}/${t.y}`, await loadTile(t.z, t.x, t.y))),
    ).then(schedule);
  };
  const schedule = () => {
    if (!frame && !stopped) frame = requestAnimationFrame(draw);
  };

  chart.on('georoam', schedule);
  chart.on('finished', function once() {
    chart.off('finished', once);
    schedule();
  });
  schedule();
  return () => {
    stopped = true;
    if (frame) cancelAnimationFrame(frame);
    chart.off('georoam', schedule);
  };
}
