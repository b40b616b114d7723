import { Spin } from 'antd';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTilesConfig } from '../api/tiles-api';
import { isOnMap, roundCoordinates, worldGeo } from '../lib/geo-option';
import './map.css';
import { loadMapSetup } from './load-map';
import { attachTileLayer } from './tile-layer';

/** Geo zoom factor when the map opens on a known point: a region a few hundred km across. */
const POINT_ZOOM = 64;
/** A press that moves more than this many pixels is a drag (pan), not a pick. */
const DRAG_PX = 4;

const pinSeries = (point: [number, number] | null) => ({
  type: 'scatter' as const,
  coordinateSystem: 'geo' as const,
  symbol: 'pin',
  symbolSize: 28,
  symbolOffset: [0, '-40%'],
  itemStyle: { color: '#1677ff' },
  silent: true,
  data: point ? [point] : [],
});

/**
 * Picks a site's location on the bundled offline map (issue 24 item 4): a click sets `[longitude,
 * latitude]` (WGS84 degrees, 5 decimals) through `onPick`; a drag pans and the wheel zooms, as on the
 * site map. The pin follows `value`, and a value set elsewhere (typed, or found by the address search)
 * brings the view to it. Street tiles show when the administrator set a tile server.
 */
export function LocationPicker({
  value,
  onPick,
  label,
  height = 220,
}: {
  value: [number, number] | null;
  onPick: (point: [number, number]) => void;
  /** Accessible name of the map (what a click does). */
  label: string;
  height?: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ onPick, value });
  latest.current = { onPick, value };
  // The last point picked here: the view stays put for it, but moves to a point set elsewhere.
  const picked = useRef<string | null>(null);
  const tilesConfig = useTilesConfig();
  const tilesSettled = tilesConfig.isFetched || tilesConfig.isError;
  const tileZoom = tilesConfig.data?.enabled ? tilesConfig.data.maxZoom : 0;

  useEffect(() => {
    if (!tilesSettled) return;
    let disposed = false;
    let observer: ResizeObserver | undefined;
    let detachTiles: (() => void) | undefined;
    setReady(false);
    loadMapSetup().then(({ init }) => {
      if (disposed || !host.current) return;
      const c = init(host.current);
      chart.current = c;
      const start = latest.current.value;
      c.setOption({
        geo: worldGeo(tileZoom, start ? { center: start, zoom: POINT_ZOOM } : {}),
        series: [pinSeries(start)],
      });
      let down: { x: number; y: number } | null = null;
      const zr = c.getZr();
      zr.on('mousedown', (e) => {
        down = { x: e.offsetX, y: e.offsetY };
      });
      zr.on('click', (e) => {
        const moved = down ? Math.hypot(e.offsetX - down.x, e.offsetY - down.y) : 0;
        down = null;
        if (moved > DRAG_PX) return;
        const point = c.convertFromPixel({ geoIndex: 0 }, [e.offsetX, e.offsetY]) as number[] | undefined;
        if (!point || !isOnMap(point)) return;
        const rounded = roundCoordinates(point);
        picked.current = rounded.join(',');
        latest.current.onPick(rounded);
      });
      observer = new ResizeObserver(() => c.resize());
      observer.observe(host.current);
      if (tileZoom) detachTiles = attachTileLayer(c, tileZoom);
      setReady(true);
    });
    return () => {
      disposed = true;
      detachTiles?.();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [tilesSettled, tileZoom]);

  const key = value ? value.join(',') : null;
  useEffect(() => {
    const c = chart.current;
    if (!ready || !c) return;
    const point = key ? (key.split(',').map(Number) as [number, number]) : null;
    const fromHere = key !== null && key === picked.current;
    c.setOption({
      ...(point && !fromHere ? { geo: { center: point, zoom: POINT_ZOOM } } : {}),
      series: [pinSeries(point)],
    });
  }, [ready, key]);

  return (
    <div className="site-map location-picker" style={{ height }}>
      <div
        ref={host}
        className="site-map-canvas"
        role="img"
        aria-label={label}
        data-testid="location-picker"
      />
      {!ready && <Spin className="site-map-spin" />}
      {tilesConfig.data?.attribution && tileZoom > 0 && (
        <small className="site-map-attribution">{tilesConfig.data.attribution}</small>
      )}
    </div>
  );
}
