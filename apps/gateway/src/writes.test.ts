import { afterEach, describe, expect, it } from 'vitest';
import { discover } from './discover';
import { identityOf } from './mapping';
import { ModbusLink } from './modbus';
import type { FoundDevice } from './poller';
import { readDevice } from './reader';
import { simControlledInverter, simHybridInverter, simInverter, simStorage } from './sim/devices';
import { type SunSpecServer, startSunSpecServer } from './sim/sunspec-server';
import { paramPoints, supportedParams } from './write-plan';
import { applyParams } from './writes';

let server: SunSpecServer | undefined;
let link: ModbusLink | undefined;
afterEach(async () => {
  await link?.close();
  await server?.close();
  link = server = undefined;
});

async function found(unitId: number): Promise<FoundDevice> {
  const map = (await discover(link!, unitId))!;
  const reading = await readDevice(link!, map);
  return { identity: identityOf(reading)!, map, link: link!, last: reading };
}

describe('remote settings written to SunSpec registers', () => {
  it('writes the SOC lower limit to model 124 MinRsvPct with its scale factor and the charge mode to ChaGriSet, verified by read-back', async () => {
    server = await startSunSpecServer([simStorage(1, 'BAT-1')]);
    link = new ModbusLink(server.url);
    await link.open();
    const answer = await applyParams(await found(1), { socLowerOnGrid: 35, chargeMode: 'pvOnly' });
    expect(answer).toEqual({ status: 'applied' });
    expect(server.get(1, 124, 'MinRsvPct')).toBe(350); // MinRsvPct_SF = -1
    expect(server.get(1, 124, 'ChaGriSet')).toBe(0);
  });

  it('fails the whole command, naming the parameter, when the device lacks it, and writes nothing', async () => {
    server = await startSunSpecServer([simStorage(1, 'BAT-1'), simInverter(2, 'INV-2')]);
    link = new ModbusLink(server.url);
    await link.open();
    const answer = await applyParams(await found(1), { socLowerOnGrid: 40, exportLimitW: 0 });
    expect(answer).toEqual({ status: 'failed', reason: 'not supported: exportLimitW' });
    expect(server.get(1, 124, 'MinRsvPct')).toBe(200);
    expect(await applyParams(await found(2), { socLowerOnGrid: 40 })).toEqual({
      status: 'failed',
      reason: 'not supported: socLowerOnGrid',
    });
  });

  it('is not verified when the device does not keep the value written', async () => {
    server = await startSunSpecServer([simStorage(1, 'BAT-1')]);
    link = new ModbusLink(server.url);
    await link.open();
    // A device that clamps its reserve to 30 %: the read-back differs, so the command fails.
    const d = await found(1);
    const write = link.write.bind(link);
    link.write = async (unit, address, words) => {
      await write(
        unit,
        address,
        words.map(() => 300),
      );
    };
    const answer = await applyParams(d, { socLowerOnGrid: 20 });
    expect(answer).toEqual({ status: 'failed', reason: 'socLowerOnGrid: read back 30 instead of 20' });
  });

  it('writes the export limit to model 123 as a percentage of model 121 WMax (scale factors +1 and -1), verified by read-back', async () => {
    server = await startSunSpecServer([simControlledInverter(1, 'INV-123', 123)]);
    link = new ModbusLink(server.url);
    await link.open();
    const d = await found(1);
    expect(supportedParams(d)).toEqual(['antiBackflow', 'exportLimitW']);
    // 1,234 W of a 5,000 W inverter = 24.68 %, held at 0.1 % steps as 247 (24.7 %).
    expect(await applyParams(d, { antiBackflow: true, exportLimitW: 1234 })).toEqual({ status: 'applied' });
    expect(server.get(1, 123, 'WMaxLimPct')).toBe(247);
    expect(server.get(1, 123, 'WMaxLim_Ena')).toBe(1);
    // The next sample reports the limit as asked (24.7 % of 5,000 W would be 1,235 W) and the switch on.
    expect(paramPoints(d, await readDevice(link, d.map))).toEqual({ ExpLimEna: true, ExpLimW: 1234 });
    // Changed on the device (30 %): the device's own value.
    server.set(1, 123, 'WMaxLimPct', 300);
    expect(paramPoints(d, await readDevice(link, d.map))).toEqual({ ExpLimEna: true, ExpLimW: 1500 });
    // Above the rated power the limit is 100 %.
    expect(await applyParams(d, { exportLimitW: 9000, antiBackflow: false })).toEqual({ status: 'applied' });
    expect(server.get(1, 123, 'WMaxLimPct')).toBe(1000);
    expect(server.get(1, 123, 'WMaxLim_Ena')).toBe(0);
    expect(paramPoints(d, await readDevice(link, d.map))).toEqual({ ExpLimEna: false, ExpLimW: 9000 });
  });

  it('prefers model 704 with its rated power from model 702 (scale factor -2)', async () => {
    server = await startSunSpecServer([simControlledInverter(1, 'INV-704', 704)]);
    link = new ModbusLink(server.url);
    await link.open();
    const d = await found(1);
    expect(supportedParams(d)).toEqual(['antiBackflow', 'exportLimitW']);
    // 3,000 W of 8,000 W = 37.5 % → 3750 at 0.01 % steps.
    expect(await applyParams(d, { exportLimitW: 3000, antiBackflow: true })).toEqual({ status: 'applied' });
    expect(server.get(1, 704, 'WMaxLimPct')).toBe(3750);
    expect(server.get(1, 704, 'WMaxLimPctEna')).toBe(1);
  });

  it('names the export limit not supported on a device without a control model or without a rated power', async () => {
    server = await startSunSpecServer([simStorage(1, 'BAT-1'), simControlledInverter(2, 'INV-2', 123)]);
    server.set(2, 121, 'WMax', undefined);
    link = new ModbusLink(server.url);
    await link.open();
    const bat = await found(1);
    expect(supportedParams(bat)).toEqual([
      'chargeMode',
      'chargePowerMaxW',
      'dischargePowerMaxW',
      'socLowerOnGrid',
    ]);
    expect(await applyParams(bat, { exportLimitW: 500 })).toEqual({
      status: 'failed',
      reason: 'not supported: exportLimitW',
    });
    // WMax not implemented: the limit cannot be turned into a percentage; the switch still can.
    const inv = await found(2);
    expect(await applyParams(inv, { antiBackflow: true, exportLimitW: 500 })).toEqual({
      status: 'failed',
      reason: 'not supported: exportLimitW',
    });
    expect(server.get(2, 123, 'WMaxLim_Ena')).toBe(0);
  });

  it('reports the export limit read back in W when the device keeps another value', async () => {
    server = await startSunSpecServer([simControlledInverter(1, 'INV-123', 123)]);
    link = new ModbusLink(server.url);
    await link.open();
    const d = await found(1);
    const write = link.write.bind(link);
    // A device that holds at least 50 %: asked 1,000 W (20 %), it keeps 2,500 W.
    link.write = async (unit, address, words) =>
      write(
        unit,
        address,
        words.map((w) => Math.max(w, 500)),
      );
    expect(await applyParams(d, { exportLimitW: 1000 })).toEqual({
      status: 'failed',
      reason: 'exportLimitW: read back 2500 instead of 1000',
    });
  });

  it('writes the charge / discharge power limits to model 124 InWRte / OutWRte as % of WChaMax (scale factors +1 and -2) with their StorCtl_Mod bit, verified by read-back', async () => {
    server = await startSunSpecServer([simHybridInverter(1, 'HYB-1')]);
    link = new ModbusLink(server.url);
    await link.open();
    const d = await found(1);
    expect(supportedParams(d)).toEqual([
      'chargeMode',
      'chargePowerMaxW',
      'dischargePowerMaxW',
      'socLowerOnGrid',
      'antiBackflow',
      'exportLimitW',
    ]);
    // Neither rate on: both limits are the device's own 6,000 W (WChaMax 600 × 10¹).
    expect(paramPoints(d, await readDevice(link, d.map))).toMatchObject({ ChaWMax: 6000, DisChaWMax: 6000 });
    // The discharge bit already on stays on. 1,234 W of 6,000 W = 20.5667 %, held at 0.01 % as 2057.
    server.set(1, 124, 'StorCtl_Mod', 2);
    server.set(1, 124, 'OutWRte', 5000);
    expect(await applyParams(d, { chargePowerMaxW: 1234 })).toEqual({ status: 'applied' });
    expect(server.get(1, 124, 'InWRte')).toBe(2057);
    expect(server.get(1, 124, 'StorCtl_Mod')).toBe(3);
    expect(server.get(1, 124, 'OutWRte')).toBe(5000);
    // Reported as asked (20.57 % of 6,000 W would be 1,234.2 W); the discharge rate is the device's 50 %.
    expect(paramPoints(d, await readDevice(link, d.map))).toMatchObject({ ChaWMax: 1234, DisChaWMax: 3000 });
    // Above WChaMax: 100 %.
    expect(await applyParams(d, { dischargePowerMaxW: 9000 })).toEqual({ status: 'applied' });
    expect(server.get(1, 124, 'OutWRte')).toBe(10000);
    expect(paramPoints(d, await readDevice(link, d.map))).toMatchObject({ ChaWMax: 1234, DisChaWMax: 9000 });
  });

  it('sets both StorCtl_Mod bits when both limits travel in one command (scale factors 0 and -1)', async () => {
    server = await startSunSpecServer([simStorage(1, 'BAT-1')]);
    link = new ModbusLink(server.url);
    await link.open();
    // 2,500 W and 1,000 W of 5,000 W: 50.0 % and 20.0 % at 0.1 % steps.
    const answer = await applyParams(await found(1), { chargePowerMaxW: 2500, dischargePowerMaxW: 1000 });
    expect(answer).toEqual({ status: 'applied' });
    expect(server.get(1, 124, 'InWRte')).toBe(500);
    expect(server.get(1, 124, 'OutWRte')).toBe(200);
    expect(server.get(1, 124, 'StorCtl_Mod')).toBe(3);
  });

  it('names the battery power limits not supported without model 124 or without WChaMax, and writes nothing', async () => {
    server = await startSunSpecServer([
      simControlledInverter(1, 'INV-1', 123),
      simHybridInverter(2, 'HYB-2'),
    ]);
    server.set(2, 124, 'WChaMax', undefined);
    link = new ModbusLink(server.url);
    await link.open();
    expect(await applyParams(await found(1), { chargePowerMaxW: 3000, dischargePowerMaxW: 3000 })).toEqual({
      status: 'failed',
      reason: 'not supported: chargePowerMaxW, dischargePowerMaxW',
    });
    const hyb = await found(2);
    expect(supportedParams(hyb)).not.toContain('chargePowerMaxW');
    expect(await applyParams(hyb, { exportLimitW: 1000, dischargePowerMaxW: 3000 })).toEqual({
      status: 'failed',
      reason: 'not supported: dischargePowerMaxW',
    });
    expect(server.get(2, 124, 'OutWRte')).toBe(10000);
    expect(server.get(2, 124, 'StorCtl_Mod')).toBe(0);
    expect(server.get(2, 123, 'WMaxLimPct')).toBe(1000);
  });

  it('is not verified when the device does not set the StorCtl_Mod bit', async () => {
    server = await startSunSpecServer([simStorage(1, 'BAT-1')]);
    link = new ModbusLink(server.url);
    await link.open();
    const d = await found(1);
    const write = link.write.bind(link);
    // A device that ignores writes of StorCtl_Mod (offset 5 from model 124's ID).
    const modeAddress = d.map.models.find((m) => m.id === 124)!.address + 5;
    link.write = async (unit, address, words) => {
      if (address !== modeAddress) await write(unit, address, words);
    };
    expect(await applyParams(d, { chargePowerMaxW: 2500 })).toEqual({
      status: 'failed',
      reason: 'chargePowerMaxW: read back 0 instead of 1',
    });
  });
});
