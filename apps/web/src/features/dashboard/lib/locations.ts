/**
 * Positions of sites on the dashboard's location card: an equirectangular projection of the sites'
 * bounding box (padded, never narrower than 10°) onto a `width`×`height` box. No map tiles: the card
 * shows where sites are relative to each other, with a graticule for orientation.
 */
export interface GeoPoint {
  longitude: number;
  latitude: number;
}

/** Degrees to box coordinates, plus graticule lines. */
export interface Projection {
  x: (lon: number) => number;
  y: (lat: number) => number;
  /** Graticule lines (degrees) inside the box. */
  meridians: number[];
  parallels: number[];
}

const MIN_SPAN = 10;

function niceStep(span: number): number {
  if (span > 120) return 30;
  if (span > 40) return 10;
  if (span > 15) return 5;
  return 2;
}

function range(min: number, max: number, step: number): number[] {
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max; v += step) out.push(v);
  return out;
}

/** Projects points into the box, keeping the aspect ratio of degrees. */
export function project(points: readonly GeoPoint[], width: number, height: number): Projection {
  const lons = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  let minLon = lons.length ? Math.min(...lons) : -180;
  let maxLon = lons.length ? Math.max(...lons) : 180;
  let minLat = lats.length ? Math.min(...lats) : -60;
  let maxLat = lats.length ? Math.max(...lats) : 75;
  const padLon = Math.max(MIN_SPAN - (maxLon - minLon), 0) / 2 + (maxLon - minLon) * 0.1 + 1;
  const padLat = Math.max(MIN_SPAN - (maxLat - minLat), 0) / 2 + (maxLat - minLat) * 0.1 + 1;
  minLon = Math.max(-180, minLon - padLon);
  maxLon = Math.min(180, maxLon + padLon);
  minLat = Math.max(-85, minLat - padLat);
  maxLat = Math.min(85, maxLat + padLat);
  const scale = Math.min(width / (maxLon - minLon), height / (maxLat - minLat));
  const offX = (width - (maxLon - minLon) * scale) / 2;
  const offY = (height - (maxLat - minLat) * scale) / 2;
  const step = niceStep(Math.max(maxLon - minLon, maxLat - minLat));
  return {
    x: (lon) => offX + (lon - minLon) * scale,
    y: (lat) => offY + (maxLat - lat) * scale,
    meridians: range(minLon, maxLon, step),
    parallels: range(minLat, maxLat, step),
  };
}
