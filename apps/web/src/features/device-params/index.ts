/**
 * What the app composes from the device-params feature (issue 21 item 5): the device detail's
 * Parameters tab, shown for a device whose type has parameters (device/params' `supported`).
 */
import './components/device-params.css';

export { useDeviceParamsTabs } from './components/use-device-params-tabs';
