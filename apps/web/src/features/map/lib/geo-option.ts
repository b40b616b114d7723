/**
 * The ECharts geo component both maps draw on (the site map and the site form's location picker): the
 * bundled world outlines, roaming on, and with street tiles (`tileZoom` > 0) the Web Mercator projection
 * of lib/tiles.ts with transparent countries so the tiles show through.
 */
import { mercatorProject, mercatorUnproject } from './tiles';

/** Geo option of a map; `center` and `zoom` start the view elsewhere than the whole world. */
export function worldGeo(tileZoom: number, view: { center?: [number, number]; zoom?: number } = {}) {
  return {
    map: 'world',
    roam: true,
    zoom: view.zoom ?? 1,
    ...(view.center ? { center: view.center } : {}),
    scaleLimit: { min: 1, max: 2 ** 15 },
    ...(tileZoom
      ? {
          projection: { project: mercatorProject, unproject: mercatorUnproject },
          itemStyle: { areaColor: 'rgba(0, 0, 0, 0)', borderColor: '#7d8fa5', borderWidth: 0.5 },
        }
      : { itemStyle: { areaColor: '#e8eef5', borderColor: '#9fb0c3', borderWidth: 0.5 } }),
    emphasis: { disabled: true },
    label: { show: false },
    select: { disabled: true },
  };
}

/** `[longitude, latitude]` rounded to 5 decimals (about a metre), as a picked point is stored. */
export function roundCoordinates([lon, lat]: readonly number[]): [number, number] {
  const r = (v: number) => Math.round(v * 1e5) / 1e5;
  return [r(lon!), r(lat!)];
}

/** Whether `[lon, lat]` is a point on the map (finite, ±180 / ±90). */
export function isOnMap(point: readonly (number | null | undefined)[]): point is [number, number] {
  const [lon, lat] = point;
  return (
    typeof lon === 'number' &&
    typeof lat === 'number' &&
    Number.isFinite(lon) &&
    Number.isFinite(lat) &&
    Math.abs(lon) <= 180 &&
    Math.abs(lat) <= 90
  );
}
