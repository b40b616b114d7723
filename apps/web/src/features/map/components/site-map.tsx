import type { StationSummary } from '@ems/contract/api/station';
import { Spin } from 'antd';
import type { ECharts } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPower } from '../../../shared/format/quantity';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import './map.css';
import { useTilesConfig } from '../api/tiles-api';
import { worldGeo } from '../lib/geo-option';
import { buildSiteIndex, geoZoomFor, type MapMarker, mapMarkers, siteFeatures } from '../lib/map-data';
import { loadMapSetup } from './load-map';
import { attachTileLayer } from './tile-layer';

/**
 * The offline site map (issue 7 item 7): country outlines from world-atlas, the sites as markers coloured
 * by status and worst alarm, clustered when dense (a cluster zooms in on click), hover for name and power,
 * a site opens /station?stationId=. Wheel and drag zoom and pan; clusters follow the zoom. When the
 * administrator set a tile server, street tiles are drawn under the outlines in Web Mercator.
 */
export function SiteMap({ rows, height = 260 }: { rows: StationSummary[]; height?: number | string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);
  const [zoom, setZoom] = useState(1);
  const index = useMemo(() => buildSiteIndex(siteFeatures(rows)), [rows]);
  const markers = useMemo(() => mapMarkers(index, zoom), [index, zoom]);
  // Handlers read the latest values through refs: the chart is created once.
  const latest = useRef({ index, navigate, t });
  latest.current = { index, navigate, t };
  const tilesConfig = useTilesConfig();
  // Wait for the answer (tiles change the projection, set when the chart is made); an error means none.
  const tilesSettled = tilesConfig.isFetched || tilesConfig.isError;
  const tiles = tilesConfig.data?.enabled ? tilesConfig.data : null;
  const tileZoom = tiles?.maxZoom ?? 0;

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
      c.setOption({
        tooltip: {
          trigger: 'item',
          formatter: (p: { data?: MapMarker }) => {
            const m = p.data;
            if (!m) return '';
            const { t: tr } = latest.current;
            if (m.kind === 'cluster') return tr('map.clusterTip', { count: m.value[2] });
            return `${escapeHtml(m.name)}<br/>${tr('map.power')}: ${formatPower(m.powerW ?? null, currentLanguageCode())}`;
          },
        },
        geo: worldGeo(tileZoom),
        series: [{ type: 'scatter', coordinateSystem: 'geo', data: [], label: { show: false } }],
      });
      c.on('georoam', () => {
        const geo = (c.getOption() as { geo?: Array<{ zoom?: number }> }).geo?.[0];
        setZoom(geo?.zoom ?? 1);
      });
      c.on('click', (p) => {
        const m = p.data as MapMarker | undefined;
        if (!m) return;
        if (m.kind === 'site' && m.stationId !== undefined) {
          latest.current.navigate(`/station?stationId=${m.stationId}`);
        } else if (m.clusterId !== undefined) {
          const next = geoZoomFor(latest.current.index.getClusterExpansionZoom(m.clusterId));
          c.setOption({ geo: { center: [m.value[0], m.value[1]], zoom: next } });
          setZoom(next);
        }
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

  useEffect(() => {
    if (!ready || !chart.current) return;
    chart.current.setOption({
      series: [
        {
          type: 'scatter',
          coordinateSystem: 'geo',
          data: markers,
          label: {
            show: true,
            position: 'inside',
            color: '#fff',
            fontSize: 11,
            formatter: (p: { data?: MapMarker }) =>
              p.data?.kind === 'cluster' ? String(p.data.value[2]) : '',
          },
          itemStyle: { borderColor: '#fff', borderWidth: 1.5 },
        },
      ],
    });
  }, [ready, markers]);

  return (
    <div className="site-map" style={{ height }}>
      <div
        ref={host}
        className="site-map-canvas"
        role="img"
        aria-label={t('map.label', { count: rows.length })}
        data-testid="site-map"
      />
      {!ready && <Spin className="site-map-spin" />}
      {tiles?.attribution && <small className="site-map-attribution">{tiles.attribution}</small>}
    </div>
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
