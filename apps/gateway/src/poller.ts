/**
 * Polls the SunSpec devices behind one Modbus TCP address: opens the link, discovers the maps (again
 * after a failure), reads every device and turns the readings into buffered records.
 */
import type { BufferedRecord } from './buffer';
import { discoverUnits, type SunSpecMap } from './discover';
import { type DeviceIdentity, evt1Alarms, evt1Of, identityOf, telemetryPoints } from './mapping';
import { ModbusLink } from './modbus';
import { type DeviceReading, readDevice } from './reader';
import { paramPoints } from './write-plan';

/** A device found behind an address, with what the gateway needs to read and write it. */
export interface FoundDevice {
  identity: DeviceIdentity;
  map: SunSpecMap;
  link: ModbusLink;
  /** The last reading (for writes: scale factors and register addresses). */
  last?: DeviceReading;
  lastEvt1?: number;
  /**
   * Limits in W last applied and the percentage written for each, by the point reporting them (`ExpLimW`,
   * `ChaWMax`, `DisChaWMax`): reported back as asked while the device holds that percentage.
   */
  applied?: Record<string, AppliedPct>;
}

/** A limit asked in W and the percentage of the device's rating written for it. */
export interface AppliedPct {
  w: number;
  pct: number;
}

/** The devices behind one `tcp://` address. */
export class AddressPoller {
  readonly link: ModbusLink;
  devices: FoundDevice[] = [];
  /** True once the devices behind the address were found (after a reconnect: found again). */
  discovered = false;

  /** `unitIds`: the unit ids to try (default [1]; 1–247 for a scan). */
  constructor(
    url: string,
    private readonly unitIds: readonly number[],
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.link = new ModbusLink(url);
  }

  /** Reads every device once at time `ts` (epoch ms); the records of what could be read. */
  async poll(ts: number): Promise<BufferedRecord[]> {
    try {
      if (!this.link.isOpen) {
        await this.link.open();
        this.discovered = false;
      }
      if (!this.discovered) {
        const maps = await discoverUnits(this.link, this.unitIds);
        this.devices = [];
        for (const map of maps) {
          const reading = await readDevice(this.link, map);
          const identity = identityOf(reading);
          if (identity) this.devices.push({ identity, map, link: this.link, last: reading });
        }
        this.discovered = true;
      }
    } catch (err) {
      this.onError(err);
      await this.link.close();
      return [];
    }
    const out: BufferedRecord[] = [];
    for (const d of this.devices) {
      try {
        const reading = await readDevice(this.link, d.map);
        d.last = reading;
        const points = { ...telemetryPoints(reading), ...paramPoints(d, reading) };
        if (Object.keys(points).length > 0)
          out.push({ kind: 'sample', sn: d.identity.serialNumber, ts, points });
        for (const e of evt1Alarms(reading, d.lastEvt1, ts))
          out.push({ kind: 'alarm', sn: d.identity.serialNumber, ...e });
        d.lastEvt1 = evt1Of(reading);
      } catch (err) {
        // A device that stops answering is read again next poll; its map is found again after a reconnect.
        this.onError(err);
        if (!this.link.isOpen) this.discovered = false;
      }
    }
    return out;
  }

  /** Closes the Modbus link. */
  close(): Promise<void> {
    return this.link.close();
  }
}
