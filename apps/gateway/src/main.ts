/** `npm run gateway -- …`: runs the SunSpec gateway until SIGINT or SIGTERM (docs/gateway.md). */
import { ConfigError, parseConfig } from './config';
import { startGateway } from './gateway';

const log = (msg: string) => process.stdout.write(`${new Date().toISOString()} ${msg}\n`);

let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
}
const gw = startGateway(config, log);
log(
  `gateway ${config.serialNumber}: ${config.modbus.join(', ')} every ${config.pollSeconds} s → ${config.mqtt}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    gw.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
