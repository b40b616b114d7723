/**
 * The map's ECharts parts (geo, scatter, tooltip, canvas) and the world outlines, registered once as
 * map "world". Imported only with import() by the map component, so ECharts' map code and the ~100 KB of
 * Natural Earth 1:110m outlines (world-atlas, decision 0012) load only on pages that show a map.
 */
import { ScatterChart } from 'echarts/charts';
import { GeoComponent, GraphicComponent, TooltipComponent } from 'echarts/components';
import { init, registerMap, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { splitGeometry } from './antimeridian';

// Graphic draws the street tiles when a tile server is set (components/tile-layer.ts).
use([ScatterChart, GeoComponent, GraphicComponent, TooltipComponent, CanvasRenderer]);

const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
const outlines = feature(topology, topology.objects.countries);
// Rings crossing ±180° (Russia's east, Fiji, Antarctica) would draw a line across the whole map.
for (const f of outlines.features) if (f.geometry) f.geometry = splitGeometry(f.geometry);
// ECharts' own GeoJSON type is narrower than @types/geojson's; the data is a plain FeatureCollection.
registerMap('world', outlines as unknown as Parameters<typeof registerMap>[1]);

export { init };
