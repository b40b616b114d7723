/**
 * Splits outline rings that cross the ±180° meridian (issue 7 map defects). Natural Earth rings such as
 * Russia's east, Fiji and Antarctica jump from +180 to −180 inside one ring; ECharts draws such a jump
 * as a line across the whole world. Coordinates are [longitude, latitude] in degrees.
 */

/** [longitude, latitude] in degrees. */
export type Position = [number, number];

/** Whether consecutive points of `ring` jump more than half the world in longitude. */
function jumps(ring: readonly Position[]): boolean {
  for (let i = 1; i < ring.length; i++) {
    if (Math.abs(ring[i]![0] - ring[i - 1]![0]) > 180) return true;
  }
  return false;
}

/** The ring with longitudes made continuous (each step at most 180°), starting at the first point. */
function unwrap(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let shift = 0;
  for (let i = 0; i < ring.length; i++) {
    const [lon, lat] = ring[i]!;
    if (i > 0) {
      const d = lon + shift - out[i - 1]![0];
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    out.push([lon + shift, lat]);
  }
  return out;
}

/** Sutherland–Hodgman clip of a closed ring to the half-plane lon ≤ m (`keepWest`) or lon ≥ m. */
function clip(ring: readonly Position[], m: number, keepWest: boolean): Position[] {
  const inside = (p: Position) => (keepWest ? p[0] <= m : p[0] >= m);
  const out: Position[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    if (inside(a)) out.push(a);
    if (inside(a) !== inside(b)) {
      const t = (m - a[0]) / (b[0] - a[0]);
      out.push([m, a[1] + t * (b[1] - a[1])]);
    }
  }
  return out;
}

/** Closes `ring` (first point repeated at the end) unless it already is, or is empty. */
function close(ring: Position[]): Position[] {
  if (ring.length === 0) return ring;
  const [f, l] = [ring[0]!, ring[ring.length - 1]!];
  return f[0] === l[0] && f[1] === l[1] ? ring : [...ring, f];
}

/**
 * One ring as rings that never jump across ±180°. A ring that does not jump is returned as is. A ring
 * around a pole (Antarctica: unwrapped, it ends a full turn from its start) is opened at the jump and
 * closed along the pole's latitude. Any other crossing ring is cut at the meridian into a west and an
 * east part (fewer than 4 points: dropped).
 */
export function splitRing(ring: readonly Position[]): Position[][] {
  if (!jumps(ring)) return [ring as Position[]];
  const u = unwrap(ring);
  const turn = u[u.length - 1]![0] - u[0]![0];
  if (Math.abs(turn) > 180) {
    const at = ring.findIndex((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1]![0]) > 180);
    const open = [...ring.slice(at), ...ring.slice(1, at)];
    const meanLat = open.reduce((s, p) => s + p[1], 0) / open.length;
    const pole = meanLat < 0 ? -90 : 90;
    const last = open[open.length - 1]!;
    const first = open[0]!;
    return [close([...open, [last[0], pole], [first[0], pole]])];
  }
  const maxLon = Math.max(...u.map((p) => p[0]));
  const m = maxLon > 180 ? 180 : -180;
  const shift = m === 180 ? -360 : 360;
  const west = clip(u, m, true);
  const east = clip(u, m, false);
  const inner = m === 180 ? west : east;
  const outer = (m === 180 ? east : west).map(([lon, lat]): Position => [lon + shift, lat]);
  return [inner, outer].map(close).filter((r) => r.length >= 4);
}

type Geometry = { type: string; coordinates?: unknown };

/**
 * A Polygon or MultiPolygon with every ring split by splitRing (as a MultiPolygon when that made more
 * than one polygon). A polygon whose outer ring splits loses its holes: the 1:110m crossing rings have
 * none. Other geometries pass through.
 */
export function splitGeometry<G extends Geometry>(g: G): G {
  if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') return g;
  const polys = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as Position[][][];
  const out: Position[][][] = [];
  for (const [outer, ...holes] of polys) {
    if (!outer) continue;
    const parts = splitRing(outer);
    if (parts.length === 1 && parts[0] === outer) out.push([outer, ...holes]);
    else for (const p of parts) out.push([p]);
  }
  if (out.length === 1 && g.type === 'Polygon') return { ...g, coordinates: out[0] };
  return { ...g, type: 'MultiPolygon', coordinates: out };
}
