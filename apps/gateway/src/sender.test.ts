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
    await createSender(buffer, link, () => new Set(sns)).drain();
    expect(sent).toHaveLength(100);
    const d7 = sent.filter((m) => m.topic === 'ems/v1/D7/telemetry');
    expect(d7).toHaveLength(1);
    expect(d7[0]!.samples.map((s) => s.points.W)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(buffer.size).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(0);
  });
});
