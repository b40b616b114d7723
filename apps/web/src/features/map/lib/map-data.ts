/**
 * Pure preparation of the site map (issue 7 item 7, UX.md "Digital map"): sites as GeoJSON points,
 * their colour by status and worst alarm, and supercluster's clusters as ECharts scatter data.
 * Coordinates are WGS 84 degrees [longitude, latitude].
 */
import type { StationSummary } from '@ems/contract/api/station';
import Supercluster from 'supercluster';
import { alarmKind } from '../../../shared/domain/alarm-level';

/** What a marker means, worst last: the rank is what a cluster shows for its worst site. */
export type SiteSeverity = 'online' | 'offline' | 'alarm' | 'fault';
const RANK: readonly SiteSeverity[] = ['online', 'offline', 'alarm', 'fault'];

/** Marker colours (UX.md: green online, grey offline, orange alarm, red fault or fatal). */
export const SEVERITY_COLORS: Record<SiteSeverity, string> = {
  online: '#0ebe54',
  offline: '#a0a7b0',
  alarm: '#f5a623',
  fault: '#e5484d',
};

/** A site's severity: an active fault or fatal alarm wins, then an alarm, then online/offline. */
export function siteSeverity(site: Pick<StationSummary, 'online' | 'worstAlarmLevel'>): SiteSeverity {
  const kind = alarmKind(site.worstAlarmLevel);
  if (kind === 'fatal' || kind === 'fault') return 'fault';
  if (kind === 'alarm') return 'alarm';
  return site.online ? 'online' : 'offline';
}

/** Properties each site point carries; `rank` indexes the severity order (worst highest). */
export interface SitePointProps {
  stationId: number;
  name: string;
  powerW: number | null;
  rank: number;
}

/** A site as a GeoJSON point. */
export type SiteFeature = GeoJSON.Feature<GeoJSON.Point, SitePointProps>;

/** Sites with usable coordinates (finite, within ±180/±90) as GeoJSON points; others are left out. */
export function siteFeatures(rows: readonly StationSummary[]): SiteFeature[] {
  return rows
    .filter(
      (r) =>
        Number.isFinite(r.longitude) &&
        Number.isFinite(r.latitude) &&
        Math.abs(r.longitude) <= 180 &&
        Math.abs(r.latitude) <= 90,
    )
    .map((r) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [r.longitude, r.latitude] },
      properties: {
        stationId: r.stationId,
        name: r.stationName,
        powerW: r.powerW,
        rank: RANK.indexOf(siteSeverity(r)),
      },
    }));
}

/** Cluster properties: the worst rank among the cluster's sites. */
interface ClusterProps {
  rank: number;
}

/** The clustering index of the sites; a cluster remembers its worst site's rank for its colour. */
export type SiteIndex = Supercluster<SitePointProps, ClusterProps>;

/** Builds the clustering index (radius in screen px at supercluster's 512 px world). */
export function buildSiteIndex(features: SiteFeature[], radius = 50): SiteIndex {
  const index = new Supercluster<SitePointProps, ClusterProps>({
    radius,
    maxZoom: 16,
    map: (p) => ({ rank: p.rank }),
    reduce: (acc, p) => {
      acc.rank = Math.max(acc.rank, p.rank);
    },
  });
  index.load(features);
  return index;
}

/** One scatter point on the map: a site or a cluster of sites. */
export interface MapMarker {
  name: string;
  /** [longitude, latitude, number of sites] */
  value: [number, number, number];
  kind: 'site' | 'cluster';
  stationId?: number;
  clusterId?: number;
  powerW?: number | null;
  severity: SiteSeverity;
  symbolSize: number;
  itemStyle: { color: string };
}

/**
 * supercluster zoom for an ECharts geo zoom factor: ECharts' 1 shows the whole world in the chart,
 * which is about supercluster's zoom 1 for a chart a few hundred px wide; each doubling adds one.
 */
export function clusterZoom(geoZoom: number): number {
  return Math.max(0, Math.min(16, Math.floor(1 + Math.log2(Math.max(geoZoom, 1e-6)))));
}

/** The ECharts geo zoom factor at which supercluster `zoom` is shown (inverse of clusterZoom). */
export function geoZoomFor(zoom: number): number {
  return 2 ** (zoom - 1);
}

/** Clusters and single sites of the whole world at a geo zoom factor, as scatter data. */
export function mapMarkers(index: SiteIndex, geoZoom: number): MapMarker[] {
  return index.getClusters([-180, -85, 180, 85], clusterZoom(geoZoom)).map((f) => {
    const [lon, lat] = f.geometry.coordinates as [number, number];
    const severity = RANK[f.properties.rank] ?? 'offline';
    const color = SEVERITY_COLORS[severity];
    if ('cluster' in f.properties && f.properties.cluster) {
      const count = f.properties.point_count;
      return {
        name: String(count),
        value: [lon, lat, count],
        kind: 'cluster',
        clusterId: f.properties.cluster_id,
        severity,
        symbolSize: Math.min(48, 20 + Math.log2(count) * 5),
        itemStyle: { color },
      };
    }
    const p = f.properties as SitePointProps;
    return {
      name: p.name,
      value: [lon, lat, 1],
      kind: 'site',
      stationId: p.stationId,
      powerW: p.powerW,
      severity,
      symbolSize: 12,
      itemStyle: { color },
    };
  });
}
