import type { StationSummary } from '@ems/contract/api/station';
import { describe, expect, it } from 'vitest';
import {
  buildSiteIndex,
  clusterZoom,
  geoZoomFor,
  mapMarkers,
  SEVERITY_COLORS,
  siteFeatures,
  siteSeverity,
} from './map-data';

function site(id: number, lon: number, lat: number, extra: Partial<StationSummary> = {}): StationSummary {
  return {
    stationId: id,
    stationName: `Site ${id}`,
    systemType: 1,
    templateCode: 'pv',
    address: '',
    country: '',
    timeZone: 'UTC',
    longitude: lon,
    latitude: lat,
    capacity: 10,
    online: true,
    deviceCount: 1,
    onlineDeviceCount: 1,
    powerW: 1000 * id,
    todayKwh: null,
    soc: null,
    chargerCount: 0,
    chargersCharging: 0,
    worstAlarmLevel: null,
    lastSeen: null,
    ...extra,
  };
}

describe('siteSeverity', () => {
  it('puts faults over alarms over status', () => {
    expect(siteSeverity({ online: true, worstAlarmLevel: null })).toBe('online');
    expect(siteSeverity({ online: false, worstAlarmLevel: 1 })).toBe('offline');
    expect(siteSeverity({ online: true, worstAlarmLevel: 3 })).toBe('alarm');
    expect(siteSeverity({ online: false, worstAlarmLevel: 4 })).toBe('fault');
    expect(siteSeverity({ online: true, worstAlarmLevel: 5 })).toBe('fault');
  });
});

describe('siteFeatures', () => {
  it('keeps sites with usable coordinates as points', () => {
    const f = siteFeatures([site(1, 14.4, 50.1), site(2, Number.NaN, 0), site(3, 200, 10)]);
    expect(f).toHaveLength(1);
    expect(f[0]?.geometry.coordinates).toEqual([14.4, 50.1]);
    expect(f[0]?.properties).toMatchObject({ stationId: 1, name: 'Site 1', powerW: 1000 });
  });
});

describe('mapMarkers', () => {
  const rows = [
    site(1, 14.4, 50.1),
    site(2, 14.41, 50.11, { online: false }),
    site(3, 14.42, 50.09, { worstAlarmLevel: 4 }),
    site(4, 116.4, 39.9),
  ];
  const index = buildSiteIndex(siteFeatures(rows));

  it('clusters close sites at world zoom, coloured by their worst site', () => {
    const markers = mapMarkers(index, 1);
    const cluster = markers.find((m) => m.kind === 'cluster');
    expect(cluster?.value[2]).toBe(3);
    expect(cluster?.itemStyle.color).toBe(SEVERITY_COLORS.fault);
    const beijing = markers.find((m) => m.stationId === 4);
    expect(beijing).toMatchObject({ kind: 'site', name: 'Site 4', powerW: 4000 });
    expect(beijing?.itemStyle.color).toBe(SEVERITY_COLORS.online);
  });

  it('splits a cluster into sites when zoomed to its expansion zoom', () => {
    const cluster = mapMarkers(index, 1).find((m) => m.kind === 'cluster');
    const zoom = index.getClusterExpansionZoom(cluster?.clusterId ?? -1);
    let geoZoom = geoZoomFor(zoom);
    // Keep zooming in until the three Prague sites stand alone (they are ~1 km apart).
    while (mapMarkers(index, geoZoom).some((m) => m.kind === 'cluster')) geoZoom *= 2;
    const sites = mapMarkers(index, geoZoom).filter((m) => m.kind === 'site');
    expect(sites.map((m) => m.stationId).sort()).toEqual([1, 2, 3, 4]);
    expect(sites.find((m) => m.stationId === 2)?.itemStyle.color).toBe(SEVERITY_COLORS.offline);
  });

  it('maps geo zoom factors to cluster zooms and back', () => {
    expect(clusterZoom(1)).toBe(1);
    expect(clusterZoom(4)).toBe(3);
    expect(clusterZoom(geoZoomFor(7))).toBe(7);
    expect(clusterZoom(0.5)).toBe(0);
  });
});
