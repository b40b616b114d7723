/**
 * Issue 34 item 1, one clock per page: with the browser in one zone and the site in another, every time
 * the station page shows (the header's local time, the live values' "updated", an alarm, a command's
 * "Asked at", a charging session's start) is on the site's clock with the site's zone named, never the
 * browser's. The expected texts are built here from the API's instants with Intl in the site's zone.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { deleteRules, raiseBatteryAlarms } from '../lib/alarm-rules';
import { apiToken, data, firstSite } from '../lib/api-user';
import { chooseOption } from '../lib/dropdown';
import { DEMO, signIn } from '../lib/sign-in';

const API = '/owner_api/webpvesc/ajax';

const offset = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZoneName: 'shortOffset', timeZone: zone })
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')!.value;

/** "11/21/2026, 14:05[:09] GMT+1": date and clock in `zone`, its offset named. */
function onClock(ms: number, zone: string, seconds = false): string {
  const text = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    hourCycle: 'h23',
    timeZone: zone,
  }).format(ms);
  return `${text} ${offset(ms, zone)}`;
}

/** A browser zone whose clock differs from every one of `zones`: Lisbon, else Tokyo. */
function viewerZoneFor(zones: string[]): string {
  const now = Date.now();
  return zones.every((z) => offset(now, z) !== offset(now, 'Europe/Lisbon')) ? 'Europe/Lisbon' : 'Asia/Tokyo';
}

async function siteZone(page: Page, token: string, stationId: number): Promise<string> {
  const res = await page.request.get(`${API}/station/baseinfo`, {
    params: { stationId },
    headers: { token },
  });
  return (await data<{ timeZone: string }>(res)).timeZone;
}

async function pageIn(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ timezoneId, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

test("every time on the station page is on the site's clock, its zone named, with the browser elsewhere", async ({
  browser,
  request,
}) => {
  // Two sites, an alarm raised by the 30-s alarm job and a command answered over MQTT, on a shared machine.
  test.setTimeout(240_000);
  const token0 = await apiToken(request, DEMO.user, DEMO.password);
  const storage = await firstSite(request, token0, 6);
  const charging = await firstSite(request, token0, 2);
  const zones = await Promise.all(
    [storage, charging].map(async (s) => {
      const res = await request.get(`${API}/station/baseinfo`, {
        params: { stationId: s.stationId },
        headers: { token: token0 },
      });
      return (await data<{ timeZone: string }>(res)).timeZone;
    }),
  );
  const viewer = viewerZoneFor(zones);
  const { context, page } = await pageIn(browser, viewer);
  const token = await signIn(page, DEMO);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(viewer);

  // A home-storage site: an alarm, the live values and a command.
  const rules = await raiseBatteryAlarms(page, token, 1, 'e2e clock');
  const zone = await siteZone(page, token, rules[0]!.stationId);
  expect(zone).toBe(zones[0]);
  await page.goto(`/station?stationId=${rules[0]!.stationId}`);

  // The header's local time: the site's clock, zone named.
  const local = page.getByTestId('site-local-time');
  await expect(local).toContainText(`Local time`);
  await expect
    .poll(async () => {
      const now = Date.now();
      const clock = new Intl.DateTimeFormat('en-US', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: zone,
      }).format(now);
      return (await local.textContent())?.includes(`${clock} ${offset(now, zone)}`);
    })
    .toBe(true);

  // The live values' "updated": its exact time (hover) on the site's clock with seconds.
  const updated = page.getByTestId('flow-updated');
  await expect(updated).toHaveAttribute('datetime', /.+/);
  const at = Date.parse((await updated.getAttribute('datetime'))!);
  await expect(updated).toHaveAttribute('title', onClock(at, zone, true));

  // The alarm, once older than "just now" (30 s): its time on the site's clock, zone named.
  const alarms = page.getByTestId('site-alarms');
  const alarmRow = alarms.locator('tr[data-row-key]').filter({ hasText: 'e2e clock' }).first();
  await expect(alarmRow).toBeVisible({ timeout: 90_000 });
  const list = await data<{ data: { alarmTime: number }[] }>(
    await page.request.get(`${API}/alarm/system/current/list`, {
      params: {
        stationId: rules[0]!.stationId,
        text: 'e2e clock',
        pageNum: 1,
        pageSize: 1,
        ispvesc: 'false',
      },
      headers: { token },
    }),
  );
  // Spec §9: alarm times are epoch seconds (10 digits) or milliseconds.
  const raw = list.data[0]!.alarmTime;
  const alarmMs = String(raw).length <= 10 ? raw * 1000 : raw;
  await expect(alarmRow.locator('td').first()).toHaveText(onClock(alarmMs, zone), { timeout: 60_000 });

  // A command: "Asked at" on the site's clock, with seconds.
  const detail = page.locator('.fleet-device-detail');
  await chooseOption(page, detail, 'Device', 'Hybrid inverter · Inverter');
  await detail.getByRole('tab', { name: 'Parameters' }).click();
  const tab = detail.getByTestId('params-tab');
  const onGrid = tab.getByLabel('Grid-tied lower SOC limit');
  const off = Number(await tab.getByLabel('Off-grid lower SOC limit').inputValue());
  const current = Number(await onGrid.inputValue());
  const next = Math.max(off + 10, 35) === current ? current + 5 : Math.max(off + 10, 35);
  await onGrid.fill(String(next));
  await tab.getByRole('button', { name: 'Send to device (1 changed)' }).click();
  const sentAt = Date.now();
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  // The history shows earlier commands first until it is read again: wait for this one at its top.
  const asked = tab.getByTestId('command-when').first();
  await expect
    .poll(async () => Date.parse((await asked.getAttribute('datetime')) ?? '') >= sentAt - 2_000, {
      timeout: 20_000,
    })
    .toBe(true);
  const askedMs = Date.parse((await asked.getAttribute('datetime'))!);
  await expect(asked).toHaveText(onClock(askedMs, zone, true));
  await deleteRules(page, token, rules);

  // A charging site: its sessions' start and end on its clock.
  type Sessions = { data: { sessions: { start: string }[] } };
  const sessionsOf = (deviceId?: number) =>
    page.waitForResponse(
      (r) =>
        r.url().includes('/report/charger-sessions') &&
        (deviceId === undefined || r.url().includes(`deviceId=${deviceId}`)) &&
        r.ok(),
    );
  // Off the previous station page first: a sessions answer of that page, arriving as the next one
  // loads, would be the one waited for, and its body is gone with its page.
  await page.goto('about:blank');
  const opened = sessionsOf();
  await page.goto(`/station?stationId=${charging.stationId}`);
  const card = page.locator('.device-events-card');
  let body = (await (await opened).json()) as Sessions;
  if (body.data.sessions.length === 0) {
    // Specs before this one add chargers to this site (ingest-console, ocpp-*), and the card opens on the
    // first charger, which may have no session this month: choose the ones the simulator charges.
    const devices = await data<{ deviceId: number; name: string; type: string }[]>(
      await page.request.get(`${API}/station/device/list?stationId=${charging.stationId}`, {
        headers: { token: token0 },
      }),
    );
    const shown = new URL((await opened).url()).searchParams.get('deviceId');
    for (const d of devices.filter((x) => x.type === 'charger' && String(x.deviceId) !== shown)) {
      const next = sessionsOf(d.deviceId);
      await chooseOption(page, card, 'Device', d.name);
      body = (await (await next).json()) as Sessions;
      if (body.data.sessions.length > 0) break;
    }
  }
  const first = body.data.sessions[0];
  expect(first, 'the backfill made charging sessions').toBeTruthy();
  await expect(card.locator('tbody tr.ant-table-row').first().locator('td').first()).toHaveText(
    onClock(Date.parse(first!.start), zones[1]!),
  );
  await context.close();
});
