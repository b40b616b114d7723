/**
 * Seed run at every start (idempotent, PGlite and PostgreSQL): reference data is upserted, accounts
 * and the server key pair are created only once. Several nodes starting at once take turns under the
 * startup lock: an upsert's ON CONFLICT guards only its own key, and two nodes inserting the same
 * language at once met each other's row on its other unique key (23505), and one node exited.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { loadOrCreateVapidKeys } from '../modules/push/vapid-keys';
import { loadOrCreateServerKeyPair } from '../security/server-key-repo';
import type { DbHandle } from './client';
import { holdingStartupLock } from './migrate';
import { type ConsoleWriter, seedAdministrator, seedDemoOwner } from './seed/accounts';
import { seedDemoPushRule } from './seed/demo-push';
import { currencyRows, timeZoneRows, upsertDictionaries } from './seed/dictionaries';
import { upsertLanguages, upsertStationTemplates } from './seed/reference';

const toStdout: ConsoleWriter = (text) => {
  process.stdout.write(text);
};

/**
 * Seeds languages, station templates, dictionaries (sys_timezone, sys_currencysymbol), the demo owner
 * and, once, its default push rule,
 * the administrator (see seedAdministrator: a generated password goes to `out` once), the RSA key
 * pair used for password transport and the VAPID key pair of Web Push; on PostgreSQL while holding the
 * startup lock (migrate.ts), one server process at a time.
 */
export async function seed(
  handle: DbHandle,
  config: Config,
  log: FastifyBaseLogger,
  out: ConsoleWriter = toStdout,
): Promise<void> {
  await holdingStartupLock(handle, () => seedNow(handle, config, log, out));
}

async function seedNow(handle: DbHandle, config: Config, log: FastifyBaseLogger, out: ConsoleWriter) {
  const db = handle.db;
  await upsertLanguages(db);
  await upsertStationTemplates(db);
  const dictionaryRows = [...timeZoneRows(), ...currencyRows()];
  await upsertDictionaries(db, dictionaryRows);
  const demoCreated = await seedDemoOwner(db);
  await seedDemoPushRule(handle);
  await seedAdministrator(db, config, log, out);
  // Generated here rather than at the first sign-in, so no visitor waits for 3072-bit key generation.
  await loadOrCreateServerKeyPair(db);
  // Web Push subscriptions are bound to this pair: made once, kept for good (issue 20 §4).
  await loadOrCreateVapidKeys(db);
  log.info(
    { dictionaryItems: dictionaryRows.length, demoOwnerCreated: demoCreated },
    'seed: reference data, accounts and server key ready',
  );
}
