/**
 * The only ECharts parts the web uses (line and bar charts, grid, tooltip, legend, canvas), registered once.
 * Imported with import() so ECharts stays out of the initial bundle.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
