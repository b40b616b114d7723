/** The gateway's settings: command-line flags over an optional JSON `--config FILE` (flags win). */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** Everything the gateway needs to run. */
export interface GatewayConfig {
  /** Platform broker, `mqtt://HOST:1883`. */
  mqtt: string;
  /** The gateway's serial number and MQTT secret (from the inventory import). */
  serialNumber: string;
  secret: string;
  /** Modbus TCP addresses, `tcp://IP:502`. */
  modbus: string[];
  /** Unit ids to read at each address: [1] by default, 1–247 with `--scan`. */
  unitIds: number[];
  /** Seconds between polls (default 5). */
  pollSeconds: number;
  /** Directory of the on-disk buffer. */
  bufferDir: string;
  /** Most samples and events kept on disk while the platform is away (oldest dropped first). */
  maxBuffered: number;
}

const USAGE = `usage: npm run gateway -- --mqtt mqtt://HOST:1883 --serial-number GW_SN --secret=GW_SECRET
  --modbus tcp://IP:502 [--modbus tcp://…] [--unit-id 1 | --scan] [--poll-seconds 5]
  [--buffer-dir DIR] [--max-buffered 500000] [--config FILE]`;

/** A setting that cannot be used; the message names it. */
export class ConfigError extends Error {}

const FLAGS = {
  mqtt: { type: 'string' },
  'serial-number': { type: 'string' },
  secret: { type: 'string' },
  modbus: { type: 'string', multiple: true },
  'unit-id': { type: 'string', multiple: true },
  scan: { type: 'boolean' },
  'poll-seconds': { type: 'string' },
  'buffer-dir': { type: 'string' },
  'max-buffered': { type: 'string' },
  config: { type: 'string' },
  help: { type: 'boolean' },
} as const;

type FileConfig = Partial<{
  mqtt: string;
  serialNumber: string;
  secret: string;
  modbus: string[] | string;
  unitId: number | number[];
  scan: boolean;
  pollSeconds: number;
  bufferDir: string;
  maxBuffered: number;
}>;

function int(name: string, v: string | number | undefined, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer ${min}–${max}`);
  return n;
}

/** Parses `argv` (without node and script) into a config. Throws ConfigError with the usage on a bad or missing setting. */
export function parseConfig(argv: string[]): GatewayConfig {
  const { values: f } = parseArgs({ args: argv, options: FLAGS, strict: true });
  if (f.help) throw new ConfigError(USAGE);
  const file: FileConfig = f.config ? JSON.parse(readFileSync(f.config, 'utf8')) : {};
  const need = (name: string, v: string | undefined) => {
    if (!v) throw new ConfigError(`missing --${name}\n${USAGE}`);
    return v;
  };
  const modbus = f.modbus ?? (file.modbus === undefined ? [] : [file.modbus].flat());
  if (modbus.length === 0) throw new ConfigError(`missing --modbus\n${USAGE}`);
  for (const m of modbus)
    if (!/^tcp:\/\/[^/]+$/.test(m)) throw new ConfigError(`--modbus ${m}: expected tcp://HOST[:PORT]`);
  const scan = f.scan ?? file.scan ?? false;
  const ids = f['unit-id'] ?? (file.unitId === undefined ? ['1'] : [file.unitId].flat().map(String));
  const unitIds = scan
    ? Array.from({ length: 247 }, (_, i) => i + 1)
    : ids.map((v) => int('--unit-id', v, 1, 247)!);
  const serialNumber = need('serial-number', f['serial-number'] ?? file.serialNumber);
  return {
    mqtt: need('mqtt', f.mqtt ?? file.mqtt),
    serialNumber,
    secret: need('secret', f.secret ?? file.secret),
    modbus,
    unitIds,
    pollSeconds: int('--poll-seconds', f['poll-seconds'] ?? file.pollSeconds, 1, 3600) ?? 5,
    bufferDir: f['buffer-dir'] ?? file.bufferDir ?? `./gateway-buffer-${serialNumber}`,
    maxBuffered: int('--max-buffered', f['max-buffered'] ?? file.maxBuffered, 1000, 100_000_000) ?? 500_000,
  };
}
