/** The official-account channel's panel, for the push settings page (issue 20 §4): `<AccountChannelPanel />`. */
export { AccountChannelPanel } from './account-channel';
