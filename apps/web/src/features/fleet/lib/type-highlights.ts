/**
 * What matters on a site of each system type (issue 7 §4): PV the specific yield (today's kWh per kWp),
 * storage SOC and today's charge/discharge, charging each connector's state, UPS on battery and load,
 * "other" (power & environment) temperature and humidity. Pure, so the card is a thin view of it.
 */
import type { DeviceReal, EnergyTotals } from '@ems/contract/api/station';

/** One highlight: a label key under fleet.highlight, and a value already reduced to number/text/boolean. */
export type Highlight =
  | { key: 'specificYield'; kwhPerKwp: number | null }
  | { key: 'soc'; percent: number | null }
  | { key: 'chargeDischarge'; chargeKwh: number | null; dischargeKwh: number | null }
  | { key: 'connector'; deviceId: number; status: string | null; powerW: number | null }
  | { key: 'ups'; deviceId: number; onBattery: boolean | null; loadW: number | null; soc: number | null }
  | { key: 'environment'; deviceId: number; temperature: number | null; humidity: number | null };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The highlights of a site of `systemType` (1 PV, 2 charging, 3 other, 6 home storage, 7 UPS) from
 * today's totals, the flow's SOC, the live devices and the capacity (kWp for PV).
 */
export function typeHighlights(
  systemType: number,
  input: { today: EnergyTotals; soc: number | null; devices: readonly DeviceReal[]; capacity: number },
): Highlight[] {
  const { today, devices } = input;
  switch (systemType) {
    case 1:
      return [
        {
          key: 'specificYield',
          kwhPerKwp:
            today.productionKwh !== null && input.capacity > 0 ? today.productionKwh / input.capacity : null,
        },
      ];
    case 6:
      return [
        { key: 'soc', percent: input.soc },
        { key: 'chargeDischarge', chargeKwh: today.chargeKwh, dischargeKwh: today.dischargeKwh },
      ];
    case 2:
      return devices
        .filter((d) => d.type === 'charger')
        .map((d) => ({
          key: 'connector' as const,
          deviceId: d.deviceId,
          status: typeof d.points.ConnectorStatus === 'string' ? d.points.ConnectorStatus : null,
          powerW: num(d.points.W),
        }));
    case 7:
      return devices
        .filter((d) => d.type === 'ups')
        .map((d) => ({
          key: 'ups' as const,
          deviceId: d.deviceId,
          onBattery:
            typeof d.points.OnBattery === 'boolean'
              ? d.points.OnBattery
              : typeof d.points.OnBattery === 'number'
                ? d.points.OnBattery !== 0
                : null,
          loadW: num(d.points.W),
          soc: num(d.points.SoC),
        }));
    default:
      return devices
        .filter((d) => d.type === 'sensor')
        .map((d) => ({
          key: 'environment' as const,
          deviceId: d.deviceId,
          temperature: num(d.points.TmpAmb),
          humidity: num(d.points.RH),
        }));
  }
}
