import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../../../scripts/lib/engines.mjs';
import { missingEnginesError, requireEngines } from './engines';

describe('test engines (issue 37)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-engines-'));
  mkdirSync(join(dir, 'lib', '17', 'bin'), { recursive: true });
  writeFileSync(join(dir, 'lib', '17', 'bin', 'initdb'), '');
  const engine = (name: string, binary: string) => ({ name, package: `${name}-pkg`, binary, for: 'test' });

  it('a missing engine fails with its name and the command that installs it', () => {
    const list = [
      engine('present', join(dir, 'lib', '*', 'bin', 'initdb')),
      engine('absent', join(dir, 'nope')),
    ];
    expect(missingEnginesError(list, ['present'])).toBeNull();
    expect(missingEnginesError(list, ['present', 'absent'])?.message).toBe(
      'absent is not installed: apt-get install -y absent-pkg (npm test installs it when run as root)',
    );
    expect(
      missingEnginesError([...list, engine('gone', join(dir, '*', 'x'))], ['absent', 'gone'])?.message,
    ).toBe(
      'absent, gone are not installed: apt-get install -y absent-pkg gone-pkg (npm test installs them when run as root)',
    );
  });

  it('lists every engine a suite starts, and this machine has them all (npm test installed them)', () => {
    expect(testEngines().map((e) => e.name)).toEqual([
      'chromium',
      'postgresql',
      'mosquitto',
      'redis',
      'nginx',
      'rabbitmq',
    ]);
    expect(() =>
      requireEngines('chromium', 'postgresql', 'mosquitto', 'redis', 'nginx', 'rabbitmq'),
    ).not.toThrow();
  });
});
