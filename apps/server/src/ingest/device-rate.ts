/**
 * Each device's message rate (issue 19 §7, docs/device-protocol.md §4): `perSecond` messages a second and
 * beyond that a burst of `burst` within `burstWindowS` seconds, counted per device over all its topics with
 * rate-limiter-flexible's bursty limiter (in process memory: a device's messages reach one ingest process).
 * What goes past both is refused; the ingest acknowledges and drops it and the console shows who sent it.
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
  /** Messages refused since the server started. */
  messages: number;
  /** When the last one was refused, ISO-8601. */
  lastAt: string;
}

/** The rate of every device of one ingest. */
export interface DeviceRate {
  /** Takes one message of `serialNumber` from its allowance: false when it is past its rate. */
  take(serialNumber: string): Promise<boolean>;
  /** Messages refused since start. */
  refused(): number;
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
  return {
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
