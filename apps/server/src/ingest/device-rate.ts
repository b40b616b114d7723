/**
 * Each device's message rate (issue 19 §7, docs/device-protocol.md §4): `perSecond` messages a second and
 * beyond that a burst of `burst` within `burstWindowS` seconds, counted per device over all its topics with
 * rate-limiter-flexible's bursty limiter (in process memory: a device's messages reach one ingest process).
 * Past both, a QoS 1 message waits for its turn (`admit`): its PUBACK is held and the broker reads no more
 * of the device's socket meanwhile, so a fast device is slowed to its rate and nothing acknowledged is
 * lost (issue 31 item 4, decision 0011, as EMQX's per-client rate limit); a QoS 0 message past it is
 * dropped and counted (`take`). The console shows who was slowed or refused.
 */
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** A device's rate settings; DEVICE_LIMITS of the contract by default. */
export interface DeviceRateSettings {
  perSecond: number;
  burst: number;
  burstWindowS: number;
}

/** A device that went past its rate, for the console. */
export interface RateLimitedDevice {
  serialNumber: string;
  /** Messages refused or held back since the server started. */
  messages: number;
  /** When the last one was refused, ISO-8601. */
  lastAt: string;
}

/** The rate of every device of one ingest. */
export interface DeviceRate {
  /** Takes one message of `serialNumber` from its allowance: false when it is past its rate. */
  take(serialNumber: string): Promise<boolean>;
  /**
   * Resolves when `serialNumber` may send one more message, taking it from its allowance: at once within
   * its rate, else when its allowance refills (ms later). Rejects when `stopped()` turns true meanwhile.
   */
  admit(serialNumber: string, stopped: () => boolean): Promise<void>;
  /** Messages refused since start (QoS 0 past the rate). */
  refused(): number;
  /** Messages held back until their turn since start (QoS 1 past the rate). */
  throttled(): number;
  /** The devices refused most, at most `n`, most first. */
  worst(n: number): RateLimitedDevice[];
}

/** Devices remembered for the console; the least refused is forgotten past this many. */
const MAX_REMEMBERED = 1000;

/** Creates the limiter of `settings`. */
export function createDeviceRate(settings: DeviceRateSettings): DeviceRate {
  const limiter = new BurstyRateLimiter(
    new RateLimiterMemory({ points: settings.perSecond, duration: 1 }),
    new RateLimiterMemory({ points: settings.burst, duration: settings.burstWindowS }),
  );
  let refused = 0;
  let throttled = 0;
  const devices = new Map<string, { messages: number; lastAt: number }>();
  const remember = (serialNumber: string) => {
    const d = devices.get(serialNumber) ?? { messages: 0, lastAt: 0 };
    d.messages += 1;
    d.lastAt = Date.now();
    devices.set(serialNumber, d);
    if (devices.size > MAX_REMEMBERED) {
      const least = [...devices].reduce((a, b) => (b[1].messages < a[1].messages ? b : a));
      devices.delete(least[0]);
    }
  };
  /** Takes one point: null when taken, else the ms until the allowance refills. */
  const tryTake = (serialNumber: string): Promise<number | null> =>
    limiter.consume(serialNumber).then(
      () => null,
      (err: unknown) => {
        if (!(err instanceof RateLimiterRes)) throw err;
        return err.msBeforeNext;
      },
    );
  return {
    admit: async (serialNumber, stopped) => {
      let wait = await tryTake(serialNumber);
      if (wait === null) return;
      throttled += 1;
      remember(serialNumber);
      while (wait !== null) {
        // At least 10 ms: waiters woken together retry spread over the refill, not in one spin.
        await new Promise((r) => setTimeout(r, Math.max(10, wait ?? 0)));
        if (stopped()) throw new Error('ingest stopping: message not acknowledged');
        wait = await tryTake(serialNumber);
      }
    },
    take: (serialNumber) =>
      limiter.consume(serialNumber).then(
        () => true,
        (err: unknown) => {
          if (!(err instanceof RateLimiterRes)) throw err;
          refused += 1;
          remember(serialNumber);
          return false;
        },
      ),
    refused: () => refused,
    throttled: () => throttled,
    worst: (n) =>
      [...devices]
        .sort((a, b) => b[1].messages - a[1].messages)
        .slice(0, n)
        .map(([serialNumber, d]) => ({
          serialNumber,
          messages: d.messages,
          lastAt: new Date(d.lastAt).toISOString(),
        })),
  };
}
