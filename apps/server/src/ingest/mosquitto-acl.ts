/**
 * A Mosquitto `acl_file` for an external broker (docs/device-protocol.md §8, §11; docs/gateway.md "Brokers"):
 * every device its own topics (by pattern, username = serial number), the platform's user the devices'
 * topics, and each gateway the topics of the devices on its own site, read from the database. Mosquitto's
 * ACL is static: the file is written again when gateways' devices change (`npm run mosquitto-acl`, then
 * SIGHUP the broker), the same check the embedded broker makes live (gateway-devices.ts createGatewayAcl).
 */
import { topics } from '@ems/contract/telemetry';
import type { DbHandle } from '../db/client';

/** Serial numbers that may stand in an ACL line (no spaces or wildcards: device-protocol.md §3). */
const SAFE_SN = /^[^/+#\s]{1,64}$/;

/**
 * The text of the ACL file: `ingestUser` (the user of MQTT_URL) reads every device's telemetry, status,
 * alarm, command answer and gateway announcement and writes commands and gateways' device confirmations;
 * a device writes and reads only its own topics; a gateway also writes the telemetry, alarms and command
 * answers of the devices on its site and reads their commands and confirmations.
 */
export async function renderMosquittoAcl(db: DbHandle, ingestUser: string): Promise<string> {
  const own = (verb: string, topic: string) => `pattern ${verb} ${topic.replace('{SN}', '%u')}`;
  const t = (fn: (sn: string) => string) => fn('{SN}');
  const lines = [
    '# Written by `npm run mosquitto-acl` (apps/server/src/ingest/mosquitto-acl.ts); do not edit by hand.',
    '# Devices: username = serial number.',
    own('write', t(topics.telemetry)),
    own('write', t(topics.status)),
    own('write', t(topics.alarm)),
    own('write', t(topics.commandAck)),
    own('write', t(topics.gatewayDevices)),
    own('read', t(topics.command)),
    '',
    '# The platform.',
    `user ${ingestUser}`,
    ...[topics.telemetry, topics.status, topics.alarm, topics.commandAck, topics.gatewayDevices].map(
      (fn) => `topic read ${fn('+')}`,
    ),
    `topic write ${topics.command('+')}`,
    `topic write ${topics.gatewayConfirmed('+')}`,
  ];
  const res = await db.query<{ gateway: string; child: string }>(
    `SELECT g.serial_number AS gateway, c.serial_number AS child FROM devices g
       JOIN devices c ON c.station_id = g.station_id AND c.id <> g.id
      WHERE g.device_type = 'gateway' ORDER BY g.serial_number, c.serial_number`,
  );
  let current = '';
  for (const { gateway, child } of res.rows) {
    if (!SAFE_SN.test(gateway) || !SAFE_SN.test(child)) continue;
    if (gateway !== current) {
      current = gateway;
      lines.push('', `# Gateway ${gateway}: the devices on its site.`, `user ${gateway}`);
    }
    for (const fn of [topics.telemetry, topics.alarm, topics.commandAck])
      lines.push(`topic write ${fn(child)}`);
    // Read with the device's other lines: the confirmation reaching the gateway proves this file is loaded.
    lines.push(`topic read ${topics.command(child)}`, `topic read ${topics.gatewayConfirmed(child)}`);
  }
  return `${lines.join('\n')}\n`;
}
