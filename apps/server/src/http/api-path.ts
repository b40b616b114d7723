import { API_PREFIX } from '@ems/contract/constants';

/**
 * True when `url` names the API however it is spelt: percent-encoded letters, doubled slashes or a query
 * do not turn an API miss into the web app's index.html (it answers the 404 envelope instead).
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge the raw text.
  }
  return decoded.replace(/\/{2,}/g, '/').startsWith(API_PREFIX);
}
