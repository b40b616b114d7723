import type { DeviceInfo, DeviceReal } from '@ems/contract/api/station';
import { describe, expect, it } from 'vitest';
import { deviceRows, isFault } from './device-rows';

const info = (deviceId: number, type: DeviceInfo['type'], name: string, online = true): DeviceInfo => ({
  deviceId,
  name,
  type,
  serialNumber: `SN${deviceId}`,
  commSerialNumber: null,
  model: null,
  manufacturer: null,
  softwareVersion: null,
  hardwareVersion: null,
  ratedPowerW: null,
  capacityWh: null,
  online,
  lastSeen: '2026-11-21T10:00:00Z',
});

const real = (
  deviceId: number,
  type: DeviceReal['type'],
  points: DeviceReal['points'],
  online = true,
): DeviceReal => ({
  deviceId,
  type,
  online,
  lastSeen: '2026-11-21T11:59:50Z',
  ts: '2026-11-21T11:59:55Z',
  todayKwh: 3.2,
  points,
});

describe('deviceRows', () => {
  it('merges live values into the device list', () => {
    const [row] = deviceRows([info(1, 'inverter', 'Inverter')], [real(1, 'inverter', { W: 4200, St: 4 })]);
    expect(row).toMatchObject({
      powerW: 4200,
      todayKwh: 3.2,
      online: true,
      fault: false,
      offlineSince: null,
    });
    expect(row!.lastUpdate).toBe('2026-11-21T11:59:55Z');
  });

  it('keeps devices without live values, with missing values left missing', () => {
    const [row] = deviceRows([info(2, 'meter', 'Meter', false)], []);
    expect(row).toMatchObject({ powerW: null, todayKwh: null, online: false });
    expect(row!.offlineSince).toBe('2026-11-21T10:00:00Z');
  });

  it('lists faults first, then by kind and name', () => {
    const rows = deviceRows(
      [
        info(1, 'meter', 'Meter'),
        info(2, 'inverter', 'B'),
        info(3, 'inverter', 'A'),
        info(4, 'battery', 'Bat'),
      ],
      [real(4, 'battery', { W: -500, ChaSt: 'FAULT' })],
    );
    expect(rows.map((r) => r.deviceId)).toEqual([4, 3, 2, 1]);
  });
});

describe('isFault', () => {
  it('reads SunSpec St 7 and fault words', () => {
    expect(isFault({ St: 7 })).toBe(true);
    expect(isFault({ ConnectorStatus: 'Faulted' })).toBe(true);
    expect(isFault({ St: 4, ConnectorStatus: 'Charging' })).toBe(false);
    expect(isFault(undefined)).toBe(false);
  });
});
