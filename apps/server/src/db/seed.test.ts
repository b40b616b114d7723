import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildApp } from '../http/app';
import { createJobQueue } from '../jobs/queue';
import { createAuthService } from '../modules/auth/service';
import { loginAs, signIn } from '../modules/auth/test-login';
import { openTestDb } from '../test/helper';
import type { DbHandle } from './client';
import { migrate } from './migrate';
import { seed } from './seed';

// A first start without ADMIN_PASSWORD: the generated password goes to the console writer once.
const config = loadConfig({ SIMULATOR: 'off', LOG_LEVEL: 'silent' });
const TABLES = ['languages', 'station_templates', 'dictionaries', 'users', 'settings'] as const;

let db: DbHandle;
let drop: () => Promise<void>;
const printed: string[] = [];
const logLines: string[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    out[table] = rows[0]!.n;
  }
  return out;
}

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrate(db);
  await seed(db, config, log, (text) => printed.push(text));
});
afterAll(async () => drop?.());

describe('seed', () => {
  it('creates languages, templates, dictionaries, two accounts and the two key pairs (password transport, Web Push)', async () => {
    const c = await counts();
    expect(c.languages).toBe(4);
    expect(c.station_templates).toBeGreaterThanOrEqual(6);
    expect(c.dictionaries).toBeGreaterThan(400);
    expect(c.users).toBe(2);
    // The RSA (password transport) and VAPID (Web Push) key pairs, and the demo push rule's marker.
    expect(c.settings).toBe(3);
    const keys = await db.query<{ key: string }>('SELECT key FROM settings ORDER BY key');
    expect(keys.rows.map((r) => r.key)).toEqual(['demo_push_rule_seeded', 'rsa_keypair', 'web_push_vapid']);
    const templates = await db.query<{ template_code: string; system_type: number }>(
      'SELECT template_code, system_type FROM station_templates ORDER BY id',
    );
    expect(templates.rows.map((r) => [r.template_code, r.system_type])).toEqual(
      expect.arrayContaining([
        ['pv', 1],
        ['storage', 6],
        ['charging', 2],
        ['ups', 7],
        ['pe', 3],
      ]),
    );
  });

  it('stores passwords as argon2id (m=19456, t=2, p=1), never in clear', async () => {
    const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    for (const r of rows) expect(r.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('prints the generated administrator password once, in a banner, and never logs it', () => {
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('shown ONCE');
    const password = /password:\s+(\S+)/.exec(printed[0]!)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(20);
    expect(logLines.join('\n')).toContain('printed once to stdout');
    expect(logLines.join('\n')).not.toContain(password);
  });

  it('is idempotent: a second and third run change no count, print nothing, keep the key and the admin password', async () => {
    const before = await counts();
    const keyBefore = await db.query<{ value: unknown }>(
      "SELECT value FROM settings WHERE key = 'rsa_keypair'",
    );
    await seed(db, config, log, (text) => printed.push(text));
    await seed(db, { ...config, ADMIN_PASSWORD: 'Other@Pass123' }, log, (text) => printed.push(text));
    expect(await counts()).toEqual(before);
    expect(printed).toHaveLength(1);
    const keyAfter = await db.query<{ value: unknown }>(
      "SELECT value FROM settings WHERE key = 'rsa_keypair'",
    );
    expect(keyAfter.rows).toEqual(keyBefore.rows);

    const password = /password:\s+(\S+)/.exec(printed[0]!)![1]!;
    // As main.ts: the job queue runs before the app is ready (routes declare their queues then).
    const queue = createJobQueue(db);
    await queue.start(pino({ level: 'silent' }));
    const app = await buildApp(
      { config, db, authenticate: createAuthService({ db, config }).authenticate, queue },
      { logger: false },
    );
    try {
      await app.ready();
      const res = await signIn(app, 'admin', password, { url: '/owner_api/auth/owner/admin/login' });
      expect(res.json().status).toBe(0);
      expect(await loginAs(app, 'demo', 'Demo@2024!')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await app.close();
      await queue.stop();
    }
  });

  it("gives the demo owner one default alarm rule (app, every level, every site, the account's language), never again", async () => {
    const rulesOfDemo = async () =>
      (
        await db.query<Record<string, unknown>>(
          `SELECT r.id, r.kind, r.channels, r.station_ids, r.device_ids, r.alarm_levels, r.enabled,
                  r.receive_language_id = u.language_id AS "accountLanguage"
           FROM push_rules r JOIN users u ON u.id = r.user_id WHERE u.login_name = 'demo'`,
        )
      ).rows;
    const rules = await rulesOfDemo();
    expect(rules).toEqual([
      {
        id: expect.any(Number),
        kind: 'alarm',
        channels: ['app'],
        station_ids: [],
        device_ids: [],
        alarm_levels: ['general', 'serious', 'fatal'],
        enabled: true,
        accountLanguage: true,
      },
    ]);
    const others = await db.query(
      "SELECT 1 FROM push_rules r JOIN users u ON u.id = r.user_id WHERE u.login_name <> 'demo'",
    );
    expect(others.rows).toHaveLength(0);

    await seed(db, config, log, () => {});
    expect(await rulesOfDemo()).toEqual(rules);
    await db.query('DELETE FROM push_rules WHERE id = $1', [rules[0]!.id]);
    await seed(db, config, log, () => {});
    expect(await rulesOfDemo()).toEqual([]);
  });
});
