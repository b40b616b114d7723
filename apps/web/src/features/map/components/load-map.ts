/** Loads the map chunk (ECharts' map parts and the world outlines, lib/map-setup.ts) once per page load. */
type Setup = typeof import('../lib/map-setup');
let setupPromise: Promise<Setup> | null = null;

/** The map chunk; every map component waits for it before creating its chart. */
export function loadMapSetup(): Promise<Setup> {
  setupPromise ??= import('../lib/map-setup');
  return setupPromise;
}
