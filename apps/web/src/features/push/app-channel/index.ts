/**
 * The app channel's panel on the Push settings page (issue 20 §4: install the app, allow notifications,
 * subscribe this browser). Placeholder: the app-channel helper branch replaces this file with the real
 * panel; the lead takes that version at merge. No props.
 */
export function AppChannelPanel() {
  return null;
}
