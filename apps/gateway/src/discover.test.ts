import { afterEach, describe, expect, it } from 'vitest';
import { discover, discoverUnits } from './discover';
import { identityOf, telemetryPoints } from './mapping';
import { ModbusLink } from './modbus';
import { readDevice } from './reader';
import { simInverter, simMeter, simStorage } from './sim/devices';
import { type SunSpecServer, startSunSpecServer } from './sim/sunspec-server';

let server: SunSpecServer | undefined;
let link: ModbusLink | undefined;
afterEach(async () => {
  await link?.close();
  await server?.close();
  link = server = undefined;
});

async function open(devices: Parameters<typeof startSunSpecServer>[0]) {
  server = await startSunSpecServer(devices);
  link = new ModbusLink(server.url);
  await link.open();
  return link;
}

describe('SunSpec discovery over Modbus TCP', () => {
  for (const base of [40000, 0, 50000] as const) {
    it(`finds the SunS marker at ${base} and walks the chain to its end`, async () => {
      const l = await open([simInverter(1, 'INV-1', base)]);
      const map = await discover(l, 1);
      expect(map?.base).toBe(base);
      expect(map?.models.map((m) => m.id)).toEqual([1, 103]);
      expect(map?.models[0]?.address).toBe(base + 2);
      expect(map?.models[1]?.address).toBe(base + 2 + 2 + 66);
    });
  }

  it('reports no map for a unit without SunS, and scans unit ids', async () => {
    const l = await open([simInverter(3, 'INV-3'), simMeter(7, 'MTR-7', 0)]);
    expect(await discover(l, 1)).toBeUndefined();
    const found = await discoverUnits(l, [1, 2, 3, 4, 5, 6, 7, 8]);
    expect(found.map((m) => [m.unitId, m.base])).toEqual([
      [3, 40000],
      [7, 0],
    ]);
  });
});

describe('SunSpec decoding', () => {
  it('applies negative, zero and positive scale factors and reads identity from model 1', async () => {
    const l = await open([simInverter(1, 'INV-1')]);
    const map = (await discover(l, 1))!;
    const reading = await readDevice(l, map);
    expect(identityOf(reading)).toEqual({
      serialNumber: 'INV-1',
      name: 'Acme Solar SX-5000',
      type: 'inverter',
    });
    const p = telemetryPoints(reading);
    expect(p).toMatchObject({
      A: 13.52,
      PhVphA: 230.5,
      W: 3120,
      Hz: 50.02,
      WH: 15400123,
      DCW: 3250,
      DCV: 410,
      TmpCab: 41,
      St: 4,
      Evt1: 0,
    });
  });

  it('leaves out not-implemented values (0x8000, 0xFFFF, acc32 0, 0xFFFFFFFF) and values whose scale factor is not implemented', async () => {
    const l = await open([simInverter(1, 'INV-1')]);
    server!.set(1, 103, 'W', -32768); // int16 0x8000
    server!.set(1, 103, 'Hz', 0xffff); // uint16
    server!.set(1, 103, 'WH', 0); // acc32 0
    server!.set(1, 103, 'Evt1', 0xffffffff); // bitfield32
    server!.set(1, 103, 'DCV_SF', -32768); // sunssf not implemented: DCV has no scale
    const p = telemetryPoints(await readDevice(l, (await discover(l, 1))!));
    for (const name of ['W', 'Hz', 'WH', 'Evt1', 'DCV', 'AphB', 'PhVphB', 'TmpSnk'])
      expect(p).not.toHaveProperty(name);
    expect(p.PhVphA).toBe(230.5);
  });

  it('types meters and storage from their models; storage ChaState is reported as SoC', async () => {
    const l = await open([simMeter(1, 'MTR-1'), simStorage(2, 'BAT-2')]);
    const meter = await readDevice(l, (await discover(l, 1))!);
    expect(identityOf(meter)?.type).toBe('meter');
    expect(telemetryPoints(meter)).toMatchObject({ W: 1500, Hz: 50, TotWhImp: 12345000, TotWhExp: 6789000 });
    const bat = await readDevice(l, (await discover(l, 2))!);
    expect(identityOf(bat)).toMatchObject({ serialNumber: 'BAT-2', type: 'battery' });
    expect(telemetryPoints(bat)).toMatchObject({ ChaState: 48.5, SoC: 48.5, MinRsvPct: 20, WChaMax: 5000 });
  });
});
