/**
 * Every environment variable the server reads, validated once at start (zod) into one typed object.
 * The table of variables is in README.md ("Configuration").
 */
import { DEVICE_LIMITS } from '@ems/contract/telemetry';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated addresses/CIDRs, as Fastify's trustProxy).
   * Unset: none, so a client cannot fake its address past the per-address sign-in limit.
   */
  TRUST_PROXY: z.string().optional(),
  /** PostgreSQL connection string; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * Issue 36 §3: the embedded PGlite's shared_buffers (PostgreSQL units: kB, MB, GB), its largest
   * resident part; ignored with DATABASE_URL. 32MB (PGlite's own is 128MB): the demo fleet's node 467 MB
   * after 10 minutes instead of 561, reports and list/real as fast (docs/benchmarks.md; docs/operations.md).
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]{0,6}(kB|MB|GB)$/, 'a size in kB, MB or GB, e.g. 64MB')
    .default('32MB'),
  /** External broker (mqtt://user:pass@host:port); unset means embedded aedes on MQTT_PORT. */
  MQTT_URL: z.string().url().optional(),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /**
   * Issue 23: Redis (redis://[user:pass@]host:port[/db], rediss:// for TLS) where every API node counts the
   * rate limits (sign-in, registration, code sends …; docs/security.md). Unset: each process counts in its
   * own memory, which is exact for one node. Unreachable: counted in memory with a warning (decision 0021).
   */
  REDIS_URL: z
    .string()
    .url()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
  /**
   * Shared-subscription group for several ingest nodes on a broker that persists shared subscriptions
   * (EMQX). Unset: each node keeps a plain, persisted subscription (Mosquitto; docs/decisions/0011).
   */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /**
   * Issue 23: RabbitMQ (amqp://user:pass@host:port[/vhost], amqps:// for TLS) whose quorum queue `ems.ingest`
   * the ingest consumes instead of subscribing over MQTT, so several server processes divide the devices'
   * messages (docs/decisions/0023-rabbitmq-ingest-queue.md). Devices then connect to RabbitMQ's MQTT plugin,
   * which MQTT_URL names too (commands still go out over MQTT). Unset: the ingest subscribes over MQTT.
   */
  INGEST_AMQP_URL: z
    .string()
    .url()
    .regex(/^amqps?:\/\//, 'an amqp:// or amqps:// URL')
    .optional(),
  /**
   * This server process's name among several (issue 23): the ingest's persistent MQTT session on an
   * external broker is `ems-ingest-{NODE_NAME}`, kept across the process's restarts. Unset: the host's
   * name, enough for one process per host; two processes on one host need distinct names, or each would
   * take the other's session over.
   */
  NODE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, "_", "." or "-", at most 64')
    .optional(),
  /** Port of the Prometheus `/metrics` endpoint (README.md, Monitoring the ingest); 0 picks a free one. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Address it listens on: loopback by default, since it needs no session. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * Issue 19 §7: messages a second each device may send, and the burst beyond it within
   * DEVICE_LIMITS.burstWindowS (docs/device-protocol.md §4). Raise them only for a test bench that stands
   * one device in for a whole fleet.
   */
  DEVICE_RATE_PER_S: z.coerce.number().int().min(1).max(1_000_000).default(DEVICE_LIMITS.messagesPerSecond),
  DEVICE_RATE_BURST: z.coerce.number().int().min(0).max(100_000_000).default(DEVICE_LIMITS.burstMessages),
  /**
   * Issue 31 item 3, every listener's sockets (shared/socket-guard.ts): time for a socket's first request
   * or bytes (ms), longest silence (ms; above MQTT keepalives and OCPP's 30-s pings), open sockets per
   * remote address (behind a proxy the proxy is one address: raise it there).
   */
  SOCKET_FIRST_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SOCKET_IDLE_MS: z.coerce.number().int().min(100).max(3_600_000).default(600_000),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(4_096),
  /**
   * Issue 22: the heartbeat interval (s) a charger is told at BootNotification. Below the 60 s after which a
   * device counts as offline (DEVICE_OFFLINE_AFTER_MS), so an idle charger stays online as MQTT devices do.
   */
  OCPP_HEARTBEAT_S: z.coerce.number().int().min(5).max(59).default(30),
  SIMULATOR: onOff.default(true),
  /**
   * Issue 32: one more demo home whose SunSpec inverter, battery and meter reach the platform through a
   * gateway on loopback Modbus TCP (simulator/gateway-demo.ts). Needs the embedded broker.
   */
  SIMULATOR_GATEWAY: onOff.default(true),
  /**
   * Issue 33: one more demo charging site with PV, a grid meter and two OCPP chargers in the solar modes
   * `pv` and `minpv` (simulator/solar-demo.ts, docs/ocpp.md "Solar charging").
   */
  SIMULATOR_SOLAR: onOff.default(true),
  SIMULATOR_SITES: z.coerce.number().int().min(1).max(2000).default(24),
  BACKFILL_DAYS: z.coerce.number().int().min(0).max(90).default(30),
  /** Live sample period of the simulator, in seconds. */
  SIMULATOR_INTERVAL_S: z.coerce.number().int().min(1).max(300).default(5),
  /**
   * Issue 22 item 6: simulated seconds per real second of the demo OCPP chargers' clock (1 = real time;
   * a test or a demo may speed their sessions up). Their messages always carry the real time.
   */
  SIMULATOR_OCPP_TIME_SCALE: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Simulated seconds between two MeterValues of a demo OCPP charger (at least 0.1 s real apart). */
  SIMULATOR_OCPP_METER_S: z.coerce.number().int().min(1).max(3600).default(60),
  /** First administrator's password; unset means one is generated at first start and printed once. */
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * Issue 19 §1: the longest a request may run (ms) before it is answered "the request took too long"
   * (HTTP 503) and, on PostgreSQL, its statement is cancelled (statement_timeout). Half the web client's
   * 60-s timeout (spec §9), so the user reads the server's reason, not a network error.
   */
  REQUEST_BUDGET_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  TOKEN_EXPIRES_MINUTES: z.coerce.number().int().min(1).max(525_600).default(720),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log lines as JSON or pino-pretty text; `auto` is pretty on a terminal, JSON when piped (issue 6 §11). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /**
   * Whether browsers reach the app over https (directly or through a TLS-terminating proxy): turns on
   * HSTS and upgrade-insecure-requests (security-headers.ts). Off for a plain-http LAN install.
   */
  HTTPS: onOff.default(false),
  /**
   * Issue 20 §4: origins (`scheme://host[:port]`, comma-separated) whose Web Push endpoints are accepted
   * although they are not https on a public address: an on-premises push service, or a test's local one.
   * Empty by default: only https endpoints on public addresses (docs/push.md, "The app channel").
   */
  WEB_PUSH_ALLOW_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const origin = URL.canParse(item) ? new URL(item).origin : 'null';
        if (origin === 'null') {
          ctx.addIssue({ code: 'custom', message: `not an origin: ${item}` });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
  /**
   * Issue 20 §4: the contact the platform gives push services in its VAPID token (RFC 8292 `sub`): a
   * `mailto:` address or an https URL of the operator.
   */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/)
    .default('mailto:push@energy-cloud.example'),
  /**
   * Issue 20 §3: seconds a mail claimed by a sender is hidden from the other senders (the mail outbox's
   * lease). Mail a node claimed and had not sent when it died goes out, from another node or the same one
   * restarted, after this. A sender starts no send in a lease's last 40 s (mail/sender.ts SEND_MARGIN_MS,
   * one send's worst with nodemailer's timeouts), so a slow SMTP server delays mail but never has it sent
   * twice by a second sender.
   */
  MAIL_LEASE_S: z.coerce.number().int().min(60).max(3600).default(120),
  /** Issue 9: seconds without data after which a device gets a communication-loss alarm. */
  ALARM_OFFLINE_AFTER_S: z.coerce.number().int().min(60).max(86_400).default(600),
  /**
   * Issue 12: months of raw samples kept (telemetry); older monthly partitions are dropped whole by a
   * daily job. The 5-minute, daily and monthly rollups are kept forever.
   */
  RAW_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).default(13),
  /**
   * Issue 20: the address users reach the platform at, for the links in pushed messages (e-mail, app,
   * official account); unset means http://localhost:PORT.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Built web app served at /; unset means apps/web/dist. */
  WEB_DIST: z.string().optional(),
});

/** The validated configuration. */
export type Config = z.infer<typeof ConfigSchema>;

/** The address of the platform for links in messages: PUBLIC_URL without a trailing slash. */
export function publicUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** The socket limits of `config` (shared/socket-guard.ts). */
export function socketLimitsOf(
  config: Pick<Config, 'SOCKET_FIRST_MS' | 'SOCKET_IDLE_MS' | 'SOCKETS_PER_ADDRESS'>,
) {
  return {
    firstMs: config.SOCKET_FIRST_MS,
    idleMs: config.SOCKET_IDLE_MS,
    maxPerAddress: config.SOCKETS_PER_ADDRESS,
  };
}

/** The ingest's device rate settings of `config` (ingest/device-rate.ts). */
export function deviceRateOf(config: Pick<Config, 'DEVICE_RATE_PER_S' | 'DEVICE_RATE_BURST'>) {
  return {
    perSecond: config.DEVICE_RATE_PER_S,
    burst: config.DEVICE_RATE_BURST,
    burstWindowS: DEVICE_LIMITS.burstWindowS,
  };
}

/**
 * Parses `env` (default process.env) into a Config.
 * @throws Error listing every invalid variable, so a bad deployment fails at start, not later.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.INGEST_AMQP_URL && !parsed.data.MQTT_URL)
    throw new Error(
      'Invalid configuration:\n  INGEST_AMQP_URL: needs MQTT_URL (the same RabbitMQ, for commands)',
    );
  return parsed.data;
}
