/**
 * Test util: the engines a suite starts besides Node (PostgreSQL, Mosquitto, Redis, nginx, RabbitMQ,
 * Chromium), as listed once in scripts/test-engines.json, which `npm test` installs when run as root
 * (scripts/ensure-engines.mjs). A suite never disappears when one is missing: its start fails with
 * `requireEngines`' message, which names the package to install (issue 37).
 */
import { type Engine, installed, testEngines } from '../../../../scripts/lib/engines.mjs';

/** An engine's name in scripts/test-engines.json. */
export type EngineName = 'chromium' | 'postgresql' | 'mosquitto' | 'redis' | 'nginx' | 'rabbitmq';

/** Whether `name`'s binary is installed. */
export function engineInstalled(name: EngineName): boolean {
  const engine = testEngines().find((e) => e.name === name);
  if (!engine) throw new Error(`unknown engine ${name}: not in scripts/test-engines.json`);
  return installed(engine.binary);
}

/**
 * The error for the engines of `list` named in `names` whose binary is missing, or null when all are there.
 * @returns e.g. `mosquitto is not installed: apt-get install -y mosquitto (npm test installs it when run as root)`
 */
export function missingEnginesError(list: readonly Engine[], names: readonly string[]): Error | null {
  const missing = list.filter((e) => names.includes(e.name) && !installed(e.binary));
  if (missing.length === 0) return null;
  const many = missing.length > 1;
  return new Error(
    `${missing.map((e) => e.name).join(', ')} ${many ? 'are' : 'is'} not installed: ` +
      `apt-get install -y ${missing.map((e) => e.package).join(' ')} ` +
      `(npm test installs ${many ? 'them' : 'it'} when run as root)`,
  );
}

/** @throws Error naming each of `names` that is not installed and the command that installs it. */
export function requireEngines(...names: EngineName[]): void {
  const error = missingEnginesError(testEngines(), names);
  if (error) throw error;
}
