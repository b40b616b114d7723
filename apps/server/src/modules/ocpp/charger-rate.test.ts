/**
 * Issue 31 item 2: one charger's flood cannot take the node. Its calls pass the device gate's rate (the
 * same DEVICE_RATE_* as an MQTT device's messages): past it a call waits for its turn, and past 8 calls in
 * flight at once (OCPP 1.6J has a charger send one at a time) a call is refused with GenericError at
 * once, so the flood costs at most 8 waiting handlers. Another charger is answered meanwhile. Through
 * real ocpp-rpc chargers; the rate is lowered (1/s, burst 5) so the test takes seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT, type OcppBench, startOcppBench } from './test-ocpp';

let b: OcppBench;
beforeAll(async () => {
  b = await startOcppBench({ env: { DEVICE_RATE_PER_S: '1', DEVICE_RATE_BURST: '5' } });
});
afterAll(async () => b?.close());

describe('a charger past its message rate', () => {
  it('holds its calls to its rate, refuses a flood past 8 in flight, and leaves other chargers alone', async () => {
    const flooder = await b.addCharger('CP-FLOOD-1');
    const calm = await b.addCharger('CP-CALM-1');
    const f = await b.connect('CP-FLOOD-1', flooder.key, { callConcurrency: 200 });
    const n = await b.connect('CP-CALM-1', calm.key);
    const system = b.t.app.centralSystem;
    const before = { refused: system.refusedInFlight(), throttled: system.rate.throttled() };

    const flood = Promise.allSettled(Array.from({ length: 200 }, () => f.call('Heartbeat', {})));
    // The other charger is answered while the flood is held back.
    expect(await n.call('BootNotification', BOOT)).toMatchObject({ status: 'Accepted' });
    const results = await flood;

    const answered = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { rpcErrorCode?: string; message: string }).message] : [],
    );
    // Which calls find a free slot depends on when each frame arrives; that most are refused does not.
    expect(answered).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(100);
    expect(refused).toHaveLength(200 - answered);
    expect(new Set(refused)).toEqual(new Set(['too many calls in flight']));
    expect(system.refusedInFlight() - before.refused).toBe(200 - answered);
    expect(system.rate.throttled() - before.throttled).toBeGreaterThan(0);
    // A charger that waits for each answer, as OCPP says, is still answered (at its rate).
    expect(await f.call('Heartbeat', {})).toHaveProperty('currentTime');
  });

  it('stops reading a flooding charger at 8 calls in flight, so the frames it sends past them wait unread', async () => {
    const flooder = await b.addCharger('CP-FLOOD-2');
    const f = await b.connect('CP-FLOOD-2', flooder.key, { callConcurrency: 3_000 });
    const system = b.t.app.centralSystem;
    const before = { refused: system.refusedInFlight(), held: system.readsHeld() };
    // 3,000 heartbeats ≈ 120 kB: more than one read of the socket (64 kB), so what the node reads is
    // the part before it stops reading, not the whole flood.
    const flood = Promise.allSettled(Array.from({ length: 3_000 }, () => f.call('Heartbeat', {})));
    const settled = async () => {
      let last = -1;
      while (system.refusedInFlight() !== last) {
        last = system.refusedInFlight();
        await new Promise((r) => setTimeout(r, 150));
      }
      return last - before.refused;
    };
    // The 8 calls in flight wait for the 1/s rate; meanwhile the rest of the flood stays in the socket.
    const refusedWhileHeld = await settled();
    expect(system.readsHeld() - before.held).toBeGreaterThan(0);
    expect(refusedWhileHeld).toBeGreaterThan(0);
    expect(refusedWhileHeld).toBeLessThan(2_500);
    f.close({ force: true }).catch(() => {});
    await flood;
  }, 60_000);
});
