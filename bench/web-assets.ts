/**
 * Compressed JavaScript per page (issue 6, item 10): starts the real platform (as `npm start`, built
 * web app, simulator on), opens /login, /dashboard and /station in Debian's Chromium with a cold cache
 * (a new browser context per page; the signed-in pages get the session cookies of an earlier sign-in,
 * never its cache) and sums the transfer size of every script the page downloaded until the network is
 * idle, response headers included (issue 36 §4: what goes over the wire; every chunk costs its ~1 KB of
 * headers too). Budgets in BUDGET_KB; results in docs/benchmarks.md.
 */
import { execSync } from 'node:child_process';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startServer } from '../tests/e2e/server';
import type { Row } from './table';

/**
 * Compressed JavaScript each page may download, response headers included, in KB (1 KB = 1000 bytes, as
 * Chromium's "transferred").
 */
export const BUDGET_KB: Readonly<Record<string, number>> = {
  '/login': 300,
  '/dashboard': 450,
  '/station': 650,
};

const root = new URL('..', import.meta.url).pathname;
const DEMO = { user: 'demo', password: 'Demo@2024!' };

/** What one cold page load downloaded. */
interface PageLoad {
  scripts: number;
  encodedBytes: number;
  headerBytes: number;
  decodedBytes: number;
  echarts: boolean;
  cspViolations: number;
}

/** Opens `url` in a fresh context (empty cache), waits until it is drawn and idle, sums its scripts. */
async function measure(browser: Browser, url: string, ready: (page: Page) => Promise<void>, state?: string) {
  const context = await browser.newContext(state ? { storageState: JSON.parse(state) } : {});
  const page = await context.newPage();
  const load: PageLoad = {
    scripts: 0,
    encodedBytes: 0,
    headerBytes: 0,
    decodedBytes: 0,
    echarts: false,
    cspViolations: 0,
  };
  const pending: Promise<void>[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) load.cspViolations++;
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const body = (await (await request.response())?.body())?.length ?? 0;
        load.scripts++;
        load.encodedBytes += sizes.responseBodySize;
        load.headerBytes += sizes.responseHeadersSize;
        load.decodedBytes += body;
        if (/\/assets\/echarts-/.test(request.url())) load.echarts = true;
      })(),
    );
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return load;
}

/** Signs in through the form and returns the session (cookies) and a site id to open. */
async function signIn(browser: Browser, baseUrl: string): Promise<{ state: string; stationId: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('User name').fill(DEMO.user);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
  // Home storage sites draw every flow and chart; the fleet always has some.
  await page.getByRole('menuitem', { name: 'Home storage' }).click();
  const href = await page.locator('a[href*="/station?stationId="]').first().getAttribute('href');
  const stationId = new URL(href ?? '', baseUrl).searchParams.get('stationId') ?? '1';
  const state = JSON.stringify(await context.storageState());
  await context.close();
  return { state, stationId };
}

/** Runs the case; one row per page. */
export async function runWebAssetsBench(): Promise<Row[]> {
  execSync('node scripts/build-web-if-stale.mjs', { cwd: root, stdio: 'inherit' });
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const base = server.baseUrl;
    const { state, stationId } = await signIn(browser, base);
    const pages: [string, string, (page: Page) => Promise<void>, string?][] = [
      ['/login', `${base}/login`, (p) => p.getByRole('button', { name: 'Sign in' }).waitFor()],
      ['/dashboard', `${base}/dashboard`, (p) => p.getByTestId('kpi-alarms').waitFor(), state],
      [
        '/station',
        `${base}/station?stationId=${stationId}`,
        (p) => p.locator('canvas').first().waitFor(),
        state,
      ],
    ];
    const rows: Row[] = [];
    for (const [name, url, ready, session] of pages) {
      const load = await measure(browser, url, ready, session);
      const kb = (load.encodedBytes + load.headerBytes) / 1000;
      rows.push({
        page: name,
        scripts: load.scripts,
        'JS KB (transfer)': kb,
        'of it headers KB': load.headerBytes / 1000,
        'JS KB (uncompressed)': load.decodedBytes / 1000,
        'budget KB': BUDGET_KB[name] ?? '',
        'within budget': kb <= (BUDGET_KB[name] ?? Number.POSITIVE_INFINITY) ? 'yes' : 'NO',
        ECharts: load.echarts ? 'loaded' : 'no',
        'CSP violations': load.cspViolations,
      });
    }
    return rows;
  } finally {
    await browser.close();
    server.process.kill('SIGTERM');
  }
}
