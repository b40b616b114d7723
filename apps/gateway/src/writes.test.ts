import { afterEach, describe, expect, it } from 'vitest';
import { discover } from './discover';
import { identityOf } from './mapping';
import { ModbusLink } from './modbus';
import type { FoundDevice } from './poller';
import { readDevice } from './reader';
import { simInverter, simStorage } from './sim/devices';
import { type SunSpecServer, startSunSpecServer } from './sim/sunspec-server';
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
});
