/**
 * Series colours shared by the flow diagram, charts and tables (UX.md, after OpenEMS
 * chart.constants.ts). One meaning, one colour, everywhere.
 */
export const SERIES_COLORS = {
  production: 'rgb(54,174,209)',
  consumption: 'rgb(255,206,0)',
  directConsumption: 'rgb(234,147,45)',
  gridBuy: 'rgb(77,106,130)',
  gridSell: 'rgb(91,92,214)',
  charge: 'rgb(14,190,84)',
  discharge: 'rgb(255,98,63)',
  soc: 'rgb(189,195,199)',
  /** EV chargers' power (issue 33). */
  charging: 'rgb(214,51,132)',
} as const;
/** A named series colour. */
export type SeriesColorKey = keyof typeof SERIES_COLORS;

/** Theme colour of the platform (spec §9: a blue). */
export const BRAND_BLUE = '#1668dc';
