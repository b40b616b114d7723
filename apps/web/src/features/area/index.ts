/** The area tree (issue 7 item 6): its query, its chooser and look-ups. */
export { useAreaTree } from './api/area-api';
export { AreaSelect } from './components/area-select';
export { areaCountry, areaPath } from './lib/area-options';
