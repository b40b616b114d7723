import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../lib/sign-in';

const API = '/owner_api/webpvesc/ajax';
type Device = { deviceId: number; name: string; type: string };

/** The demo owner's site read through the demo's SunSpec gateway (docs/gateway.md, "The demo"). */
async function gatewaySite(page: Page, token: string): Promise<{ id: number; name: string }> {
  let site: { id: number; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const tree = await page.request.get(`${API}/station/filter/tree`, { headers: { token } });
        const groups = (await tree.json()).data as {
          subStations: { stationId: number; stationName: string }[];
        }[];
        const s = groups.flatMap((g) => g.subStations).find((x) => x.stationName.includes('SunSpec gateway'));
        site = s && { id: s.stationId, name: s.stationName };
        return Boolean(site);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return site!;
}

/**
 * Issue 32, the demo's gateway: the demo owner opens the site whose inverter, battery and meter are read
 * by a SunSpec gateway over Modbus TCP (nobody typed them in: the gateway's announcement created them),
 * sees each with its live power, and charts one device's history from what the gateway sent.
 */
test("a gateway's SunSpec devices show on its site with live values, and a device's chart draws", async ({
  page,
}) => {
  const token = await signIn(page, DEMO);
  const site = await gatewaySite(page, token);
  // The gateway announces its devices within a poll or two of the server's start.
  let devices: Device[] = [];
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${API}/station/device/list?stationId=${site.id}`, {
          headers: { token },
        });
        devices = (await res.json()).data as Device[];
        return devices.map((d) => d.type).sort();
      },
      { timeout: 60_000 },
    )
    .toEqual(['battery', 'gateway', 'inverter', 'meter']);
  const inverter = devices.find((d) => d.type === 'inverter')!;

  // "Chart this" link form: the device chart opens on the inverter.
  await page.goto(`/station?stationId=${site.id}&deviceId=${inverter.deviceId}`);
  await expect(page.getByText(site.name).first()).toBeVisible();
  const table = page.locator('.devices-card');
  for (const [type, label] of [
    ['inverter', 'Inverter'],
    ['battery', 'Battery'],
    ['meter', 'Meter'],
  ] as const) {
    const device = devices.find((d) => d.type === type)!;
    const row = table.locator('tr', { hasText: device.name }).filter({ hasText: label });
    await expect(row).toHaveCount(1);
    // Online with its live power (W or kW): the gateway's samples reach the page.
    await expect(row.locator('td').nth(3)).toHaveText(/\d.*W/, { timeout: 60_000 });
    await expect(row.locator('td').nth(2)).toHaveText('Online');
  }
  await expect(table.locator('tr', { hasText: 'Gateway' })).toHaveCount(1);

  // The device chart of the inverter draws from the samples the gateway sent (an empty day shows
  // "No data" instead of the chart); it asks again every minute, so a fresh server may need a reload.
  const card = page.locator('#device-chart');
  await expect(card.getByRole('combobox', { name: 'Device' })).toBeVisible();
  await expect(card.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(
    inverter.name,
  );
  const chart = card.getByTestId('history-chart');
  await expect(async () => {
    if (!(await chart.isVisible())) await page.reload();
    await expect(chart).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 180_000 });
  // ECharts drew on its canvas: pixels of the line, not a blank canvas.
  await expect
    .poll(
      () =>
        chart
          .locator('canvas')
          .first()
          .evaluate((c: HTMLCanvasElement) => {
            const ctx = c.getContext('2d');
            if (!ctx) return 0;
            const { data } = ctx.getImageData(0, 0, c.width, c.height);
            let painted = 0;
            for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
            return painted;
          }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(100);
});
