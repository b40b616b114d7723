/**
 * What a pushed message carries and where a click on it goes (issue 20 §4). Shared by the service
 * worker (sw.ts) and its tests; the server's side is apps/server/src/modules/push/channels/app.ts.
 */

/** The decrypted payload: `{title, body, url, tag}` as JSON. */
export interface PushPayload {
  title: string;
  body: string;
  /** The link of the message (the station page of the alarm's site and device, the report page…). */
  url: string;
  /** One notification per message: a repeat replaces it instead of stacking. */
  tag?: string;
}

/** Reads a payload; anything else becomes a plain notification of its text under `fallbackTitle`. */
export function parsePayload(text: string | null, fallbackTitle: string): PushPayload {
  try {
    const p = JSON.parse(text ?? '') as Partial<PushPayload>;
    if (typeof p.title === 'string') {
      return {
        title: p.title,
        body: typeof p.body === 'string' ? p.body : '',
        url: typeof p.url === 'string' ? p.url : '/',
        ...(typeof p.tag === 'string' ? { tag: p.tag } : {}),
      };
    }
  } catch {
    // not JSON: shown as text
  }
  return { title: fallbackTitle, body: text ?? '', url: '/' };
}

/**
 * Where a click opens: the link's path, query and fragment on the worker's own origin. Links are
 * written with the platform's public address (PUBLIC_URL), which may differ from the address this
 * browser uses; and a message must never send the user to another site.
 */
export function targetUrl(link: string, origin: string): string {
  const url = URL.canParse(link, origin) ? new URL(link, origin) : new URL('/', origin);
  return new URL(`${url.pathname}${url.search}${url.hash}`, origin).href;
}
