/**
 * Issue 32 store-and-forward: the gateway keeps polling while the link to the broker is cut for 30 s,
 * keeps the samples on disk and replays them when the link returns (no gap: every poll stored, in order,
 * at its own time); a gateway SIGKILLed while offline loses nothing it had written to its buffer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BufferedRecord } from '../../../gateway/src/buffer';
import { type Gateway, startGateway } from '../../../gateway/src/gateway';
import { simInverter, simMeter } from '../../../gateway/src/sim/devices';
import { type SunSpecServer, startSunSpecServer } from '../../../gateway/src/sim/sunspec-server';
import { startTcpProxy, type TcpProxy } from '../../../gateway/src/sim/tcp-proxy';
import { buildTestApp, type TestApp } from '../test/helper';
import { createTestDevice, startTestIngest, type TestIngest } from './test-ingest';

let t: TestApp;
let ing: TestIngest;
let modbus: SunSpecServer;
let proxy: TcpProxy;
let gw: Gateway | undefined;
let child: ChildProcess | undefined;
const dirs: string[] = [];
const GATEWAY_MAIN = join(import.meta.dirname, '../../../gateway/src/main.ts');

beforeAll(async () => {
  t = await buildTestApp();
  // The embedded broker in every pass; a gateway through MQTT_URL's broker (announcements, commands) is
  // gateway-params.test.ts, and Mosquitto's ACL for it mosquitto-acl.test.ts.
  ing = await startTestIngest({ db: t.db, config: t.config, mqttUrl: null });
  modbus = await startSunSpecServer([
    simInverter(1, 'GB-INV-1'),
    simMeter(2, 'GB-MTR-2'),
    simInverter(3, 'GB-INV-3'),
    simMeter(4, 'GB-MTR-4'),
  ]);
  proxy = await startTcpProxy('127.0.0.1', Number(new URL(ing.mqttUrl).port));
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await gw?.stop();
  await proxy?.close();
  await modbus?.close();
  await ing?.stop();
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A gateway device on a new site, as the inventory import and device/add would leave it. */
async function gatewayOnSite() {
  const g = await createTestDevice(t.db, 'gateway');
  const bufferDir = mkdtempSync(join(tmpdir(), 'gw-buf-'));
  dirs.push(bufferDir);
  return { ...g, bufferDir };
}

/** Stored sample timestamps (epoch ms) of device `sn`. */
async function storedTs(sn: string): Promise<Set<number>> {
  const res = await t.db.query<{ ts: Date }>(
    'SELECT t.ts FROM telemetry t JOIN devices d ON d.id = t.device_id WHERE d.serial_number = $1',
    [sn],
  );
  return new Set(res.rows.map((r) => new Date(r.ts).getTime()));
}

async function allStored(samples: BufferedRecord[]): Promise<boolean> {
  const bySn = new Map<string, Set<number>>();
  for (const r of samples) {
    if (r.kind !== 'sample') continue;
    bySn.set(r.sn, bySn.get(r.sn) ?? (await storedTs(r.sn)));
    if (!bySn.get(r.sn)!.has(r.ts)) return false;
  }
  return true;
}

/** Stored samples of device `sn`, oldest first: timestamp (epoch ms) and the inverter's `WH`. */
async function storedRows(sn: string): Promise<{ ts: number; wh: number | null }[]> {
  const res = await t.db.query<{ ts: Date; wh: number | null }>(
    `SELECT t.ts, (t.points->>'WH')::float AS wh FROM telemetry t JOIN devices d ON d.id = t.device_id
      WHERE d.serial_number = $1 ORDER BY t.ts`,
    [sn],
  );
  return res.rows.map((r) => ({ ts: new Date(r.ts).getTime(), wh: r.wh }));
}

/** The broker's link away for this long (issue 32, "Parts: Tests": a 30-second broker outage). */
const OUTAGE_MS = 30_000;

describe('store and forward', () => {
  it('rides out a 30-second broker outage: every poll of it stored afterwards, in order, at its own time', async () => {
    const g = await gatewayOnSite();
    const polled: BufferedRecord[] = [];
    // The inverter's energy counter moves on between polls, so each stored sample shows which poll it was.
    let wh = 20_000_000;
    const counter = setInterval(() => {
      wh += 7;
      modbus.set(1, 103, 'WH', wh);
    }, 250);
    gw = startGateway(
      {
        mqtt: `mqtt://127.0.0.1:${proxy.port}`,
        serialNumber: g.sn,
        secret: g.secret,
        modbus: [modbus.url],
        unitIds: [1, 2],
        pollSeconds: 1,
        bufferDir: g.bufferDir,
        maxBuffered: 100_000,
      },
      undefined,
      { onRecords: (r) => polled.push(...r) },
    );
    try {
      await ing.waitFor(async () => polled.length > 0 && (await allStored(polled)), 60_000);
      await proxy.cut();
      const cutAt = Date.now();
      const before = polled.length;
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      const outage = polled.slice(before);
      // Polling went on while the broker was away (30 polls at 1 s; a loaded machine may skip some).
      expect(outage.filter((r) => r.sn === 'GB-INV-1').length).toBeGreaterThanOrEqual(10);
      expect(gw.buffered()).toBeGreaterThan(0);
      expect(await allStored(outage)).toBe(false);
      await proxy.restore();
      await ing.waitFor(() => allStored(polled), 120_000);
      await ing.waitFor(() => gw!.buffered() === 0, 60_000);
      expect(gw.dropped()).toBe(0);

      // No gap: from the first poll of the outage to the last, the stored samples are exactly the polls
      // (none missing, none added, none restamped with their arrival time), in the order they were read.
      for (const sn of ['GB-INV-1', 'GB-MTR-2']) {
        const mine = polled.filter((r) => r.kind === 'sample' && r.sn === sn);
        const during = mine.filter((r) => r.ts >= cutAt && r.ts <= cutAt + OUTAGE_MS);
        expect(during.length).toBeGreaterThanOrEqual(10);
        const from = during[0]!.ts;
        const to = during[during.length - 1]!.ts;
        const stored = (await storedRows(sn)).filter((r) => r.ts >= from && r.ts <= to);
        expect(stored.map((r) => r.ts)).toEqual(during.map((r) => r.ts));
        if (sn === 'GB-INV-1') {
          expect(stored.map((r) => r.wh)).toEqual(
            during.map((r) => (r.kind === 'sample' ? r.points.WH : undefined)),
          );
          const whs = stored.map((r) => r.wh!);
          expect(whs).toEqual([...whs].sort((a, b) => a - b));
        }
      }
    } finally {
      clearInterval(counter);
      await gw.stop();
      gw = undefined;
    }
  }, 300_000);

  it('a gateway SIGKILLed while offline loses none of the samples it had buffered', async () => {
    const g = await gatewayOnSite();
    await proxy.cut();
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        GATEWAY_MAIN,
        ...['--mqtt', `mqtt://127.0.0.1:${proxy.port}`, '--serial-number', g.sn, `--secret=${g.secret}`],
        ...['--modbus', modbus.url, '--unit-id', '3', '--unit-id', '4', '--poll-seconds', '1'],
        ...['--buffer-dir', g.bufferDir],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // What the gateway logged, to explain a wait that ran out.
    let said = '';
    child.stdout?.on('data', (d: Buffer) => {
      said += d;
    });
    child.stderr?.on('data', (d: Buffer) => {
      said += d;
    });
    const onDisk = (): BufferedRecord[] =>
      readdirSync(g.bufferDir)
        .filter((f) => f.endsWith('.jsonl'))
        .flatMap((f) => readFileSync(join(g.bufferDir, f), 'utf8').split('\n'))
        .filter((line) => line.endsWith('}'))
        .map((line) => JSON.parse(line) as BufferedRecord);
    // One poll of both devices on disk is what matters: the buffer is written before anything is sent.
    await ing
      .waitFor(() => onDisk().length >= 2, 60_000)
      .catch((err: Error) => {
        throw new Error(`${err.message}; the gateway process logged:\n${said}`);
      });
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;
    const buffered = onDisk();
    expect(buffered.length).toBeGreaterThanOrEqual(2);
    await proxy.restore();
    gw = startGateway({
      mqtt: `mqtt://127.0.0.1:${proxy.port}`,
      serialNumber: g.sn,
      secret: g.secret,
      modbus: [modbus.url],
      unitIds: [3, 4],
      pollSeconds: 1,
      bufferDir: g.bufferDir,
      maxBuffered: 100_000,
    });
    await ing.waitFor(() => allStored(buffered), 60_000);
  }, 180_000);
});
