/**
 * What a charger is configured with to reach the platform (docs/ocpp.md "Connecting a charger"): the
 * central system URL of the page's own host, the subprotocol and the Basic-auth user and password.
 */

/** The WebSocket subprotocol of OCPP 1.6J. */
export const OCPP_SUBPROTOCOL = 'ocpp1.6';

type PageLocation = Pick<Location, 'protocol' | 'host'>;

/**
 * The central system URL a charger is given, `ws(s)://host/ocpp`, from the page's location (wss when
 * the page is served over https); most chargers append their identity themselves.
 */
export function centralSystemUrl(location: PageLocation): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ocpp`;
}

/** The whole URL charger `identity` connects to, `ws(s)://host/ocpp/<identity>` (identity URL-encoded). */
export function chargerUrl(location: PageLocation, identity: string): string {
  return `${centralSystemUrl(location)}/${encodeURIComponent(identity)}`;
}
