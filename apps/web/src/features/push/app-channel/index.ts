/** The app channel (issue 20 §4): this browser's Web Push subscription, for the push settings page. */
export { AppChannelPanel } from './app-channel-panel';
export { PhoneAppCard } from './phone-app-card';
