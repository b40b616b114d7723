/**
 * Which device messages the ingest handles, and when: the sender must be a known device (the cached
 * directory, or a lookup that waits out a database outage), within its message rate (device-rate.ts: a
 * QoS 1 message waits for its turn with its PUBACK held, a QoS 0 one past it is dropped), and a device's
 * events reach their handler in the order they arrived (device-order.ts). A stranger's message costs no
 * limiter and no parsing.
 */
import { DEVICE_LIMITS } from '@ems/contract/telemetry';
import type { DeviceDirectory, KnownDevice } from './device-directory';
import { createDeviceOrder } from './device-order';
import type { DeviceRate } from './device-rate';
import type { IngestCounts, IngestLog } from './ingest-types';

/** What the admission works with. */
export interface AdmissionDeps {
  devices: DeviceDirectory;
  rate: DeviceRate;
  counts: IngestCounts;
  /** True once the ingest stops: a held message is let go unacknowledged, a lookup no longer retried. */
  stopping: () => boolean;
  /** Per kind of trouble, every 10 s at most. */
  warn: IngestLog;
  /** Per device, once an hour at most. */
  oncePerDevice: IngestLog;
}

/** A message's work on its device: the promise that holds its acknowledgement, or undefined. */
export type DeviceWork = (device: KnownDevice) => Promise<void> | undefined;

/** The admission of one ingest. */
export interface DeviceAdmission {
  /**
   * Runs `work` on the device of `sn` when it is known and the message (of `qos`) is within the device's
   * rate; an unknown sender is counted and logged.
   */
  ofKnownDevice(sn: string, qos: number | undefined, work: DeviceWork): Promise<void> | undefined;
  /** ofKnownDevice for a device's events, which reach their handler in the order they arrived. */
  eventOfKnownDevice(sn: string, qos: number | undefined, work: DeviceWork): Promise<void> | undefined;
}

/** Creates the admission of `deps`. */
export function createDeviceAdmission(deps: AdmissionDeps): DeviceAdmission {
  const { devices, rate, counts, stopping, warn, oncePerDevice } = deps;
  const excess = (sn: string, qos: number | undefined) =>
    oncePerDevice(`rate:${sn}`, { sn, qos, limits: DEVICE_LIMITS }, 'device past its message rate');
  /**
   * Runs `work` once the device's message may go on: a QoS 0 one past the rate is dropped; any other waits
   * for its turn, holding its PUBACK (issue 31 item 4). Logs the device's first excess of each hour. Plain
   * promise chains, no async closures: this runs for every message (issue 36, allocation per message).
   */
  const withinRate = (d: KnownDevice, sn: string, qos: number | undefined, work: DeviceWork) => {
    if (qos === 0) {
      return rate.take(sn).then((ok) => {
        if (ok) return work(d);
        excess(sn, qos);
      });
    }
    const before = rate.throttled();
    return rate.admit(sn, stopping).then(() => {
      if (rate.throttled() > before) excess(sn, qos);
      return work(d);
    });
  };

  const unknown = (sn: string) => {
    counts.unknownDevice++;
    warn('unknown', { sn }, 'telemetry from an unknown serial number dropped');
  };

  /**
   * Reads a device. While the database is unreachable it answers from the cache however old, or else
   * retries, holding the message (and with it the broker's queue) until the database is back.
   */
  async function lookup(sn: string): Promise<KnownDevice | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await devices.load(sn);
      } catch (err) {
        const stale = devices.stale(sn);
        if (stale) return stale;
        if (stopping()) throw err;
        warn('lookup', { err }, 'device lookup failed, retrying');
        await new Promise((r) => setTimeout(r, Math.min(5000, 200 * 2 ** attempt)));
      }
    }
  }

  function ofKnownDevice(sn: string, qos: number | undefined, work: DeviceWork): Promise<void> | undefined {
    const cached = devices.peek(sn);
    if (cached === null) return void unknown(sn);
    if (cached) return withinRate(cached, sn, qos, work);
    return lookup(sn).then((d) => (d ? withinRate(d, sn, qos, work) : unknown(sn)));
  }

  const eventOrder = createDeviceOrder();
  function eventOfKnownDevice(
    sn: string,
    qos: number | undefined,
    work: DeviceWork,
  ): Promise<void> | undefined {
    return eventOrder.inOrder(sn, (handedOn) =>
      ofKnownDevice(sn, qos, (device) => {
        try {
          return work(device);
        } finally {
          handedOn();
        }
      }),
    );
  }

  return { ofKnownDevice, eventOfKnownDevice };
}
