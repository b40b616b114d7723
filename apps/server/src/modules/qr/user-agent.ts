/**
 * A short, readable name of the browser asking for a QR sign-in ("Chrome 156 on Linux"), shown on the
 * phone so the person can tell whether it is their own desktop. Only the browser family, its major
 * version and the OS family are named; anything unrecognised shows its first product token.
 */

/** Browser families, most specific first: Edge, Opera and Samsung also say "Chrome" and "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bChromium\/(\d+)/, 'Chromium'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\S+)? Safari\//, 'Safari'],
];

/** OS families, most specific first: Android also says "Linux", iOS also says "Mac OS X". */
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];

/** "Firefox 131 on Windows" from a User-Agent header; "Unknown browser" when there is none. */
export function describeUserAgent(ua: string | null | undefined): string {
  const text = (ua ?? '').trim().slice(0, 500);
  if (!text) return 'Unknown browser';
  const os = SYSTEMS.find(([re]) => re.test(text))?.[1];
  for (const [re, name] of BROWSERS) {
    const m = re.exec(text);
    if (m) return os ? `${name} ${m[1]} on ${os}` : `${name} ${m[1]}`;
  }
  const product = text.split(/\s/)[0]!.slice(0, 40);
  return os ? `${product} on ${os}` : product;
}
