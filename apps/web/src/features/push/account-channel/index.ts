/**
 * The official-account channel's panel on the Push settings page (issue 20 §4: scan the QR code to bind,
 * unbind). Placeholder: the official-account helper branch replaces this file with the real panel; the
 * lead takes that version at merge. No props.
 */
export function AccountChannelPanel() {
  return null;
}
