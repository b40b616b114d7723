import { describe, expect, it } from 'vitest';
import { toTelemetryRow } from './point-mapping';

const ts = new Date('2026-06-10T20:00:00Z');
const row = (deviceType: string, points: Record<string, number>) =>
  toTelemetryRow(1, deviceType, { ts: ts.getTime(), points }, ts);

describe('point mapping (docs/device-protocol.md "Stored columns")', () => {
  it('stores a hybrid inverter’s PV part as its production, not its AC output with the battery in it', () => {
    // Night: no PV, the battery behind the inverter supplies 690 W through it.
    const hybrid = row('inverter', { W: 690, WH: 5_000_000, PVW: 0, PVWH: 5_400_000 });
    expect(hybrid).toMatchObject({ w: 0, eIn: 5_400_000, eOut: null });
    expect(hybrid.points).toMatchObject({ W: 690, WH: 5_000_000 });
  });

  it('stores an inverter without PV points by its W and WH, and other types as before', () => {
    expect(row('inverter', { W: 4200, WH: 123 })).toMatchObject({ w: 4200, eIn: 123 });
    expect(row('battery', { W: -690, SoC: 55, DCWhAbs: 10, DCWhInj: 9 })).toMatchObject({
      w: -690,
      soc: 55,
      eIn: 10,
      eOut: 9,
    });
  });
});
