/**
 * Replay after an outage: the buffer holds a few polls of every device per segment, so the sender reads
 * several segments together and sends each device's samples of all of them in one message (the platform
 * admits a device only a few messages a second once its burst is spent: device-protocol.md §4).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type BufferedRecord, SampleBuffer } from './buffer';
import { HeldRecords } from './held';
import type { PlatformLink } from './platform-link';
import { createSender } from './sender';

const dir = mkdtempSync(join(tmpdir(), 'gw-sender-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sender', () => {
  it('sends 5 segments of 100 devices as one message per device, in order, then deletes them', async () => {
    const buffer = new SampleBuffer(dir, 100_000);
    const sns = Array.from({ length: 100 }, (_, i) => `D${i}`);
    // 50 polls of 100 devices: 5 segments of 1,000 records, 10 polls each.
    for (let poll = 0; poll < 50; poll++) {
      buffer.append(
        sns.map(
          (sn): BufferedRecord => ({ kind: 'sample', sn, ts: 1_000_000 + poll * 5000, points: { W: poll } }),
        ),
      );
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(5);
    const sent: { topic: string; samples: { ts: number; points: { W: number } }[] }[] = [];
    const link = {
      connected: true,
      publish: async (topic: string, payload: string) => {
        sent.push({ topic, samples: JSON.parse(payload).samples });
      },
    } as unknown as PlatformLink;
    const all = () => new Set(sns);
    await createSender(buffer, new HeldRecords(dir, 100_000), link, { present: all, confirmed: all }).drain();
    expect(sent).toHaveLength(100);
    const d7 = sent.filter((m) => m.topic === 'ems/v1/D7/telemetry');
    expect(d7).toHaveLength(1);
    expect(d7[0]!.samples.map((s) => s.points.W)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(buffer.size).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(0);
  });

  it('holds an unconfirmed device on disk while the others go, then sends it oldest first', async () => {
    const d = mkdtempSync(join(dir, 'hold-'));
    const buffer = new SampleBuffer(d, 100_000);
    const sample = (sn: string, poll: number): BufferedRecord => ({
      kind: 'sample',
      sn,
      ts: 1_000_000 + poll * 5000,
      points: { W: poll },
    });
    const sent: { topic: string; w: number[] }[] = [];
    const link = {
      connected: true,
      publish: async (topic: string, payload: string) => {
        sent.push({
          topic,
          w: JSON.parse(payload).samples.map((x: { points: { W: number } }) => x.points.W),
        });
      },
    } as unknown as PlatformLink;
    const present = () => new Set(['OLD', 'NEW']);
    const confirmed = new Set(['OLD']);
    const gate = { present, confirmed: () => confirmed };
    for (let poll = 0; poll < 3; poll++) buffer.append([sample('OLD', poll), sample('NEW', poll)]);
    await createSender(buffer, new HeldRecords(d, 100_000), link, gate).drain();
    expect(sent).toEqual([{ topic: 'ems/v1/OLD/telemetry', w: [0, 1, 2] }]);
    expect(buffer.size).toBe(0);
    // A restart: the held records are still on disk, and wait behind nothing newer of their device.
    const held = new HeldRecords(d, 100_000);
    expect(held.size).toBe(3);
    buffer.append([sample('OLD', 3), sample('NEW', 3)]);
    confirmed.add('NEW');
    sent.length = 0;
    await createSender(buffer, held, link, gate).drain();
    expect(sent).toEqual([
      { topic: 'ems/v1/NEW/telemetry', w: [0, 1, 2] },
      { topic: 'ems/v1/OLD/telemetry', w: [3] },
      { topic: 'ems/v1/NEW/telemetry', w: [3] },
    ]);
    expect(held.size).toBe(0);
    expect(new HeldRecords(d, 100_000).size).toBe(0);
  });
});
