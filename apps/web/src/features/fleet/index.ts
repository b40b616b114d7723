/**
 * What the app composes from the fleet feature: the group tree, the add-site button, a site's devices
 * and the device detail.
 */
import './components/fleet.css';

export { AddSiteButton } from './components/add-site-button';
export { DeviceDetailCard } from './components/device-detail-card';
export { SiteDevicesCard } from './components/site-devices-card';
export { SiteGroupsCard } from './components/site-groups-card';
export { SiteHighlightsCard } from './components/site-highlights-card';
