/**
 * What the app composes from the fleet feature: the group tree, the add-site button, a site's devices
 * and the device detail, and the group tree's query (the top bar's site search reads it).
 */
import './components/fleet.css';

export { groupTreeQueryOptions } from './api/fleet-api';
export { AddSiteButton } from './components/add-site-button';
export { DeviceDetailCard, type DeviceTab } from './components/device-detail-card';
export { SiteDevicesCard } from './components/site-devices-card';
export { SiteGroupsCard } from './components/site-groups-card';
export { SiteHighlightsCard } from './components/site-highlights-card';
