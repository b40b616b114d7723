import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'gw-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('gateway settings', () => {
  it('reads the flags of the issue, with defaults', () => {
    const c = parseConfig([
      ...['--mqtt', 'mqtt://platform:1883', '--serial-number', 'GW1', '--secret', 's3cret'],
      ...['--modbus', 'tcp://192.168.1.20:502', '--modbus', 'tcp://192.168.1.21'],
    ]);
    expect(c).toEqual({
      mqtt: 'mqtt://platform:1883',
      serialNumber: 'GW1',
      secret: 's3cret',
      modbus: ['tcp://192.168.1.20:502', 'tcp://192.168.1.21'],
      unitIds: [1],
      pollSeconds: 5,
      bufferDir: './gateway-buffer-GW1',
      maxBuffered: 500_000,
    });
  });

  it('takes a secret that begins with a dash in the documented --secret= form', () => {
    const c = parseConfig([
      ...['--mqtt', 'mqtt://platform:1883', '--serial-number', 'GW1', '--secret=-Xy_9'],
      ...['--modbus', 'tcp://192.168.1.20'],
    ]);
    expect(c.secret).toBe('-Xy_9');
  });

  it('takes a config file, and flags win over it', () => {
    const file = join(dir, 'gw.json');
    writeFileSync(
      file,
      JSON.stringify({
        mqtt: 'mqtt://file:1883',
        serialNumber: 'GWF',
        secret: 'from-file',
        modbus: 'tcp://10.0.0.5:502',
        unitId: [3, 4],
        pollSeconds: 10,
        bufferDir: '/var/lib/gw',
      }),
    );
    const c = parseConfig(['--config', file, '--poll-seconds', '2', '--secret', 'from-flag']);
    expect(c).toMatchObject({
      mqtt: 'mqtt://file:1883',
      serialNumber: 'GWF',
      secret: 'from-flag',
      modbus: ['tcp://10.0.0.5:502'],
      unitIds: [3, 4],
      pollSeconds: 2,
      bufferDir: '/var/lib/gw',
    });
    expect(parseConfig(['--config', file, '--scan']).unitIds).toHaveLength(247);
  });

  it('names what is missing or wrong', () => {
    expect(() => parseConfig(['--serial-number', 'X', '--secret', 'y', '--modbus', 'tcp://h'])).toThrow(
      /missing --mqtt/,
    );
    expect(() =>
      parseConfig([
        '--mqtt',
        'mqtt://h',
        '--serial-number',
        'X',
        '--secret',
        'y',
        '--modbus',
        'rtu:/dev/ttyUSB0',
      ]),
    ).toThrow(ConfigError);
    expect(() =>
      parseConfig([
        '--mqtt',
        'mqtt://h',
        '--serial-number',
        'X',
        '--secret',
        'y',
        '--modbus',
        'tcp://h',
        '--unit-id',
        '248',
      ]),
    ).toThrow(/--unit-id must be an integer 1–247/);
  });
});
