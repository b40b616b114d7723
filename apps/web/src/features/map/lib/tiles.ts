/**
 * Street tiles under the ECharts map (issue 7 item 7). ECharts has no tile layer, so the map switches its
 * geo to a Web Mercator projection (the tiles' own) and the visible XYZ tiles are drawn as graphic images
 * placed in pixels. Pure geometry here: degrees in, pixels or tile indices out.
 */

/** Latitude limit of Web Mercator (the square world of XYZ tiles), degrees. */
export const MERCATOR_MAX_LAT = 85.0511287798;

const RAD = Math.PI / 180;

/**
 * Web Mercator in "degree-like" units: x is the longitude, y grows southwards and spans −180..180 between
 * ±85.05°, so the tile world is a 360 × 360 square (ECharts geo projection, y pointing down like pixels).
 */
export function mercatorProject([lon, lat]: number[]): number[] {
  const phi = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat!)) * RAD;
  return [lon!, -Math.log(Math.tan(Math.PI / 4 + phi / 2)) / RAD];
}

/** Inverse of mercatorProject. */
export function mercatorUnproject([x, y]: number[]): number[] {
  return [x!, (2 * Math.atan(Math.exp(-y! * RAD)) - Math.PI / 2) / RAD];
}

/** One tile to draw: its XYZ index and its pixel rectangle in the chart. */
export interface PlacedTile {
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
  size: number;
}

/**
 * The tiles covering a `width` × `height` chart whose tile world (the whole Mercator square) spans
 * `worldPx` pixels from its top-left corner at (`originX`, `originY`). The zoom gives tiles of 256 px or
 * a little more; `maxZoom` caps it. Longitudes wrap, latitudes do not: only tiles of the one world.
 */
export function visibleTiles(
  view: { originX: number; originY: number; worldPx: number; width: number; height: number },
  maxZoom: number,
): PlacedTile[] {
  const { originX, originY, worldPx, width, height } = view;
  if (!(worldPx > 0) || !(width > 0) || !(height > 0)) return [];
  const z = Math.max(0, Math.min(maxZoom, Math.floor(Math.log2(worldPx / 256))));
  const n = 2 ** z;
  const size = worldPx / n;
  const first = (origin: number) => Math.max(0, Math.floor(-origin / size));
  const last = (origin: number, extent: number) => Math.min(n - 1, Math.floor((extent - origin) / size));
  const out: PlacedTile[] = [];
  for (let y = first(originY); y <= last(originY, height); y++) {
    for (let x = first(originX); x <= last(originX, width); x++) {
      out.push({ z, x, y, left: originX + x * size, top: originY + y * size, size });
    }
  }
  return out;
}
