/** The offline site map (issue 7 item 7): the map component for other pages and the digital map page. */

export { useTilesConfig } from './api/tiles-api';
export { AddressSearch } from './components/address-search';
export { LocationPicker } from './components/location-picker';
export { MapLegend } from './components/map-legend';
export { SiteMap } from './components/site-map';
export { isOnMap } from './lib/geo-option';
export { DigitalMapPage } from './pages/digital-map-page';
