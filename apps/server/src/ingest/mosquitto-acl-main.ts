/**
 * `npm run mosquitto-acl -- FILE`: writes the Mosquitto ACL file of the configured database
 * (mosquitto-acl.ts) to FILE, atomically (a broker reloading meanwhile reads the old or the new file,
 * never half of one). The platform's user is MQTT_URL's username (default `ems-ingest`). Then SIGHUP the
 * broker. Meant for PostgreSQL (DATABASE_URL), which an external broker's deployment runs on.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { openAppDb } from '../db/app-db';
import { renderMosquittoAcl } from './mosquitto-acl';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: npm run mosquitto-acl -- FILE\n');
  process.exit(2);
}
const config = loadConfig();
const user = config.MQTT_URL ? decodeURIComponent(new URL(config.MQTT_URL).username) : '';
const db = await openAppDb(config, (err) => process.stderr.write(`${err.message}\n`));
try {
  const text = await renderMosquittoAcl(db, user || 'ems-ingest');
  writeFileSync(`${file}.tmp`, text, { mode: 0o640 });
  renameSync(`${file}.tmp`, file);
} finally {
  await db.close();
}
