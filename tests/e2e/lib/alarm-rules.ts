/**
 * Alarms on demand for browser tests: threshold rules every battery breaches (SoC below 101 %, no delay),
 * which the alarm job raises at once after the save (and every 30 s), and which clear into the history once
 * their rule is deleted.
 */
import { expect, type Page } from '@playwright/test';

const API = '/owner_api/webpvesc/ajax';

/** A saved rule: its id and site. */
export interface SavedRule {
  id: number;
  stationId: number;
}

/** Saves `n` such rules on the demo owner's first home-storage site; each raises one alarm per battery. */
export async function raiseBatteryAlarms(
  page: Page,
  token: string,
  n: number,
  name: string,
): Promise<SavedRule[]> {
  const headers = { token };
  const sites = await page.request.get(`${API}/station/systemtype/list?systemType=6`, { headers });
  const stationId = ((await sites.json()) as { data: { rows: { stationId: number }[] } }).data.rows[0]!
    .stationId;
  const rules: SavedRule[] = [];
  for (let i = 1; i <= n; i++) {
    const saved = await page.request.post(`${API}/alarm/rule/save`, {
      headers,
      data: {
        stationId,
        name: `${name} ${i}`,
        deviceType: 'battery',
        point: 'SoC',
        op: 'below',
        threshold: 101,
        durationS: 0,
        level: 2,
      },
    });
    const body = (await saved.json()) as { status: number; data: { id: number } };
    expect(body.status).toBe(0);
    rules.push({ id: body.data.id, stationId });
  }
  return rules;
}

/** Deletes `rules`: the alarm job then clears their alarms into the history. */
export async function deleteRules(page: Page, token: string, rules: readonly SavedRule[]): Promise<void> {
  for (const r of rules) {
    const res = await page.request.post(`${API}/alarm/rule/del`, { headers: { token }, data: r });
    expect(((await res.json()) as { status: number }).status).toBe(0);
  }
}

/**
 * The number of alarms of `systemType` in the current list or the history whose text holds `text` (a
 * rule's name: the simulator's own alarms come and go meanwhile), from the API.
 */
export async function alarmTotal(
  page: Page,
  token: string,
  kind: 'current' | 'history',
  systemType: number,
  text: string,
) {
  const res = await page.request.get(`${API}/alarm/system/${kind}/list`, {
    params: { systemType, text, pageNum: 1, pageSize: 1, ispvesc: 'false' },
    headers: { token },
  });
  return ((await res.json()) as { data: { total: number } }).data.total;
}
