/**
 * Station history switches (issue 8 §6: each switch drawn within 300 ms of its answer): starts the real
 * platform (built web app, simulator with a few backfilled days), opens a home-storage site in Debian's
 * Chromium and switches the history card Month → Year → Total → Day, then steps back three days and
 * three months. For each switch it takes, in the page, the time from the end of the answer
 * (Resource Timing `responseEnd` of the station/lines or station/statistics request) to the history
 * chart's first drawing of the new option (the `echart-drawn` mark EChartHost sets for `timingName`
 * station-history): parsing,
 * React rendering and ECharts drawing, without the network and the server.
 *
 * Run alone: `node --import tsx bench/history-render.ts`.
 */
import { execSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../tests/e2e/server';
import { printTable, type Row } from './table';

const root = new URL('..', import.meta.url).pathname;
const TARGET_MS = 300;

/** The history data request of the period and date the page's URL shows (statisticsType 1 draws lines). */
function requestOf(url: string): RegExp {
  const q = new URL(url).searchParams;
  const type = q.get('statisticsType') ?? '1';
  const date = q.get('searchDate') ?? '';
  return type === '1'
    ? new RegExp(`/station/lines\\?.*searchDate=${date}&`)
    : new RegExp(`/station/statistics\\?.*statisticsType=${type}&searchDate=${date}&`);
}

/**
 * Runs `action` (a switch that changes the URL's period or date), waits for the request of the new
 * period and date to finish and the history chart to draw, and returns answer → drawn in ms.
 */
async function switchAndMeasure(page: Page, action: () => Promise<void>): Promise<number> {
  const before = page.url();
  const t0 = await page.evaluate(() => performance.now());
  await action();
  await page.waitForURL((u) => u.href !== before);
  const handle = await page.waitForFunction(
    ({ src, t0 }) => {
      const answer = performance
        .getEntriesByType('resource')
        .find((e) => e.startTime >= t0 && new RegExp(src).test(e.name)) as unknown as
        | { responseEnd: number }
        | undefined;
      if (!answer || answer.responseEnd === 0) return null;
      const drawn = performance
        .getEntriesByName('echart-drawn')
        .find(
          (m) =>
            (m as unknown as { detail: unknown }).detail === 'station-history' &&
            m.startTime >= answer.responseEnd,
        );
      return drawn ? drawn.startTime - answer.responseEnd : null;
    },
    { src: requestOf(page.url()).source, t0 },
    { timeout: 30_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** Signs in as the demo owner and opens a home-storage site's station page. */
async function openStation(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('User name').fill('demo');
  await page.getByLabel('Password').fill('Demo@2024!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
  await page.getByRole('menuitem', { name: 'Home storage' }).click();
  await page.locator('a[href*="/station?stationId="]').first().click();
  await page.waitForURL(/\/station\?stationId=\d+/);
  await page.evaluate(() => performance.setResourceTimingBufferSize(100_000));
  await page.getByTestId('history-chart').first().waitFor();
}

/** Runs the case on the embedded database; one row per kind of switch. */
export async function runHistoryRenderBench(): Promise<Row[]> {
  execSync('node scripts/build-web-if-stale.mjs', { cwd: root, stdio: 'inherit' });
  const server = await startServer({ BACKFILL_DAYS: '3' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await openStation(page, server.baseUrl);
    const history = page.locator('.history-card');
    const timings: Record<string, number[]> = {};
    const record = (name: string, ms: number) => {
      timings[name] = [...(timings[name] ?? []), ms];
    };
    for (const period of ['Month', 'Year', 'Total']) {
      const click = () => history.getByText(period, { exact: true }).click();
      record(`switch to ${period}`, await switchAndMeasure(page, click));
    }
    // Earlier days and months: each a new answer (today's day lines are shared with the power chart).
    // The site's first data day is read once per page; reload until the backfill has reached yesterday.
    const previous = history.getByRole('button', { name: 'Previous period' });
    for (let tries = 0; ; tries++) {
      await history.getByText('Day', { exact: true }).click();
      if (await previous.isEnabled()) break;
      if (tries === 30) throw new Error('no data before today after 90 s of backfill');
      await page.waitForTimeout(3000);
      await page.reload();
      await page.getByTestId('history-chart').first().waitFor();
    }
    for (const period of ['Day', 'Month']) {
      await history.getByText(period, { exact: true }).click();
      for (let k = 0; k < 3 && (await previous.isEnabled()); k++) {
        record(`step back a ${period.toLowerCase()}`, await switchAndMeasure(page, () => previous.click()));
      }
    }
    return Object.entries(timings).map(([name, ms]) => ({
      switch: name,
      switches: ms.length,
      'answer → drawn ms (max)': Math.max(...ms),
      'target ms': TARGET_MS,
      within: Math.max(...ms) <= TARGET_MS ? 'yes' : 'NO',
    }));
  } finally {
    await browser.close();
    server.process.kill('SIGTERM');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable('Station history: answer to drawn chart (issue 8)', await runHistoryRenderBench());
  process.exit(0);
}
