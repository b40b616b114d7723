/**
 * The screenshot walk (issue 24 "Tests"): every route of the web app, as the demo owner, as the
 * administrator and as a viewer of a site the owner shares (issue 34), in en-US, zh-CN and pt-BR, at 1440 px and 390 px, on a fresh server (server.ts). For
 * each screen it keeps a full-page screenshot and checks what a reader would trip over: the page wider
 * than the screen, an i18n key shown raw (`history.previous`), English left in a translated page
 * (a known English-only phrase), errors in the browser console, and API calls cancelled while the
 * screen opened (a part mounted twice sends its calls twice). Prints one table of verdicts and
 * writes the screenshots to WALK_DIR (default /tmp/ems-walk). Not part of `npm test` (about 10 min):
 * run it with `npm run walk` and look at the screenshots it names.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { request as apiRequest, type Browser, chromium, type Page } from '@playwright/test';
import { apiToken } from './lib/api-user';
import { type Account, ADMIN, DEMO } from './lib/sign-in';
import { makeViewer } from './lib/viewer';
import { startServer } from './server';

const OUT = process.env.WALK_DIR ?? '/tmp/ems-walk';
const LANGUAGES = ['en-US', 'zh-CN', 'pt-BR'] as const;
const WIDTHS = [1440, 390] as const;

type Who = 'demo' | 'admin' | 'viewer' | null;

/** The viewer of the demo owner's first site, made at the start of the walk. */
const VIEWER: Account = { user: `viewer_${Date.now().toString(36)}`, password: 'Viewer-Walk-42' };

/** Routes of apps/web/src/app/routes.tsx, with who opens them (null: signed out). */
const ROUTES: { path: string; as: Who }[] = [
  { path: '/login', as: null },
  { path: '/login/admin', as: null },
  { path: '/register', as: null },
  { path: '/password/back', as: null },
  { path: '/download/app', as: null },
  { path: '/update/version', as: null },
  { path: '/dashboard', as: 'demo' },
  { path: '/map', as: 'demo' },
  { path: '/sites', as: 'demo' },
  { path: '/station', as: 'demo' },
  { path: '/alarms', as: 'demo' },
  { path: '/report', as: 'demo' },
  { path: '/history/compare', as: 'demo' },
  { path: '/profile', as: 'demo' },
  { path: '/push', as: 'demo' },
  { path: '/social', as: 'demo' },
  { path: '/download/app', as: 'demo' },
  { path: '/404', as: 'demo' },
  { path: '/dashboard', as: 'admin' },
  { path: '/manage', as: 'admin' },
  { path: '/manage?tab=outbox', as: 'admin' },
  { path: '/manage?tab=inventory', as: 'admin' },
  { path: '/manage?tab=push', as: 'admin' },
  { path: '/manage?tab=officialAccount', as: 'admin' },
  { path: '/401', as: 'demo' },
  { path: '/dashboard', as: 'viewer' },
  { path: '/station', as: 'viewer' },
  { path: '/alarms', as: 'viewer' },
  { path: '/social', as: 'viewer' },
  { path: '/push', as: 'viewer' },
];

/** English phrases that must not show in a translated page (from the app's own en-US texts). */
const ENGLISH = ['Sign in', 'Dashboard', 'Sites', 'Alarms', 'Reports', 'Settings', 'No data', 'Loading'];

interface Verdict {
  screen: string;
  overflowPx: number;
  rawKeys: string[];
  english: string[];
  consoleErrors: string[];
  /** API calls the screen cancelled while it opened (a part mounted twice sends its calls twice). */
  cancelled: string[];
  file: string;
}

/** Signs in through the form in any language (the form's labels are translated: found by their roles). */
async function signInAnyLanguage(page: Page, who: typeof DEMO): Promise<void> {
  await page.goto(who.path ?? '/login');
  await page.locator('input[autocomplete="username"]').fill(who.user);
  await page.locator('input[autocomplete="current-password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard/, { timeout: 30_000 });
}

/** Opens every route of `as` in one signed-in page of `lang` and `width`, and checks each. */
async function visitAll(
  browser: Browser,
  baseURL: string,
  lang: string,
  width: number,
  as: Who,
  stationPath: string,
): Promise<Verdict[]> {
  const context = await browser.newContext({
    baseURL,
    locale: lang,
    viewport: { width, height: width > 600 ? 900 : 844 },
  });
  const page = await context.newPage();
  let consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text().slice(0, 120));
  });
  let cancelled: string[] | null = null;
  page.on('requestfailed', (r) => {
    const { pathname } = new URL(r.url());
    if (cancelled && pathname.includes('/ajax/') && r.failure()?.errorText === 'net::ERR_ABORTED')
      cancelled.push(pathname.replace(/^.*\/ajax\//, ''));
  });
  const out: Verdict[] = [];
  try {
    if (as) {
      await signInAnyLanguage(page, as === 'admin' ? ADMIN : as === 'viewer' ? VIEWER : DEMO);
    }
    for (const route of ROUTES.filter((r) => r.as === as)) {
      const screen = `${as ?? 'signed out'} ${route.path} ${lang} ${width}`;
      consoleErrors = [];
      try {
        cancelled = null; // the page left behind cancels its calls: not this screen's
        await page.goto(route.path === '/station' ? stationPath : route.path);
        cancelled = [];
        await settle(page);
        const cancelledHere: string[] = [...new Set(cancelled)];
        cancelled = null;
        const file = join(
          OUT,
          `${as ?? 'out'}${route.path.replace(/[^a-z0-9]+/gi, '_')}-${lang}-${width}.png`,
        );
        await page.screenshot({ path: file, fullPage: true });
        const found = await page.evaluate((english: string[]) => {
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as a reader sees it (hidden parts left out, blocks on lines of their own).
          const text = document.body.innerText;
          const rawKeys = [...new Set(text.match(/\b[a-z]+(?:\.[a-zA-Z0-9]+){2,}\b/g) ?? [])].filter(
            (k) => !/\.(com|org|net|cz|br|cn|xlsx|csv|png)$/.test(k),
          );
          const words = english.filter((w) => new RegExp(`(^|\\n)${w}(\\n|$)`).test(text));
          return { overflow: document.documentElement.scrollWidth - window.innerWidth, rawKeys, words };
        }, ENGLISH);
        out.push({
          screen,
          overflowPx: Math.max(0, found.overflow),
          rawKeys: found.rawKeys,
          english: lang === 'en-US' ? [] : found.words,
          consoleErrors: [...consoleErrors],
          cancelled: cancelledHere,
          file,
        });
      } catch (err) {
        out.push({
          screen,
          overflowPx: 0,
          rawKeys: [],
          english: [],
          consoleErrors: [`walk failed: ${String(err).slice(0, 160)}`],
          cancelled: [],
          file: '',
        });
      }
    }
  } finally {
    await context.close();
  }
  return out;
}

/** Waits for the page's first answers and animations to end. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(800);
}

/** The first demo site's station page. */
async function firstStation(browser: Browser, baseURL: string): Promise<string> {
  const page = await browser.newPage({ baseURL });
  await signInAnyLanguage(page, DEMO);
  const href = await page.locator('a[href*="/station?stationId="]').first().getAttribute('href');
  await page.close();
  return href ?? '/station';
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const verdicts: Verdict[] = [];
  try {
    const station = await firstStation(browser, server.baseUrl);
    const request = await apiRequest.newContext({ baseURL: server.baseUrl });
    const stationId = Number(new URL(station, server.baseUrl).searchParams.get('stationId'));
    const owner = await apiToken(request, DEMO.user, DEMO.password);
    await makeViewer(request, owner, DEMO.user, stationId, VIEWER.user, VIEWER.password);
    await request.dispose();
    for (const lang of LANGUAGES)
      for (const width of WIDTHS)
        for (const as of [null, 'demo', 'admin', 'viewer'] as const) {
          verdicts.push(...(await visitAll(browser, server.baseUrl, lang, width, as, station)));
          process.stdout.write('.');
        }
  } finally {
    await browser.close();
    server.process.kill('SIGTERM');
  }
  process.stdout.write('\n');
  const bad = verdicts.filter(
    (v) =>
      v.overflowPx || v.rawKeys.length || v.english.length || v.consoleErrors.length || v.cancelled.length,
  );
  console.log(`| screen | verdict |\n|---|---|`);
  for (const v of verdicts) {
    const notes = [
      v.overflowPx ? `${v.overflowPx} px wider than the screen` : '',
      v.rawKeys.length ? `raw keys: ${v.rawKeys.join(', ')}` : '',
      v.english.length ? `English: ${v.english.join(', ')}` : '',
      v.consoleErrors.length ? `console: ${v.consoleErrors.join(' / ')}` : '',
      v.cancelled.length ? `calls cancelled while it opened: ${v.cancelled.join(', ')}` : '',
    ].filter(Boolean);
    console.log(`| ${v.screen} | ${notes.length ? notes.join('; ') : 'ok'} |`);
  }
  console.log(`\n${verdicts.length} screens, ${bad.length} with findings; screenshots in ${OUT}`);
}

await main();
