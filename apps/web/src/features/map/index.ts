/** The offline site map (issue 7 item 7): the map component for other pages and the digital map page. */
export { MapLegend } from './components/map-legend';
export { SiteMap } from './components/site-map';
export { DigitalMapPage } from './pages/digital-map-page';
