/**
 * The only ECharts parts the web uses (line chart, grid, tooltip, legend, canvas), registered once.
 * Imported with import() so ECharts stays out of the initial bundle.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
