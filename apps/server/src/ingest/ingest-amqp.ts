/**
 * The ingest's link to RabbitMQ over AMQP 0-9-1 (INGEST_AMQP_URL; docs/decisions/0023-rabbitmq-ingest-queue.md),
 * the transport that lets several ingest nodes divide the devices' messages. Devices publish over
 * MQTT 3.1.1 to RabbitMQ's MQTT plugin, which routes each QoS 1 message into `amq.topic` (routing key:
 * the topic with '/' and '.' swapped) and sends the device its PUBACK once the queue has confirmed it.
 * Two durable quorum queues hold them: `ems.ingest`, bound to the devices' telemetry, which every node
 * consumes, so each sample goes to one node and the nodes divide the load; and `ems.ingest.events`,
 * bound to their status, alarm, command-ack and gateway-announcement topics, with a single active consumer: one node at a time
 * takes the events, in the order each device sent them (an alarm raised then cleared must not be
 * applied cleared-first by two nodes racing), and another takes over when it dies.
 *
 * Acknowledge after commit (decision 0011): a delivery is acknowledged only when `onMessage`'s promise
 * resolves, i.e. its batch committed. A node that dies, or loses its connection, with deliveries
 * unacknowledged has them redelivered by RabbitMQ to another consumer (duplicates of an already
 * committed sample are ignored by (device, ts)). The prefetch bounds the deliveries a node holds.
 * The queue and its bindings are declared on every (re)connect (idempotent); amqplib's recovery
 * reconnects with backoff.
 */
import { topics } from '@ems/contract/telemetry';
import amqplib, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestLinkInfo } from './ingest-link';
import { redact } from './ingest-link';

/** The queue of telemetry every ingest node consumes. */
export const INGEST_QUEUE = 'ems.ingest';
/** Suffix of the queue of ordered device events (status, alarms, command answers) beside a telemetry queue. */
const EVENTS_SUFFIX = '.events';
/** The exchange RabbitMQ's MQTT plugin publishes into (deploy/rabbitmq.conf `mqtt.exchange`). */
export const MQTT_EXCHANGE = 'amq.topic';
/** Deliveries one node holds unacknowledged: a few batches' worth. */
const PREFETCH = 1000;
/**
 * Longest wait for the AMQP handshake, and for declaring and consuming the queue: a broker still
 * booting can accept the socket and then not answer; amqplib's recovery would wait on it forever.
 */
const SETUP_TIMEOUT_MS = 15_000;

/** `work`, or a rejection naming `what` after SETUP_TIMEOUT_MS (the recovery then tries again). */
function inTime<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${SETUP_TIMEOUT_MS} ms`)),
      SETUP_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** An MQTT topic as RabbitMQ's MQTT plugin turns it into a routing key, and back ('/' and '.' swap). */
export function swapTopic(name: string): string {
  return name.replace(/[./]/g, (c) => (c === '/' ? '.' : '/'));
}

/** Routing-key patterns of the devices' telemetry, which the nodes divide (`*`: the serial number). */
export const TELEMETRY_BINDINGS = [topics.telemetry('*')].map(swapTopic);
/** Routing-key patterns of the devices' events, which one node at a time takes in order. */
export const EVENT_BINDINGS = [
  topics.status('*'),
  topics.alarm('*'),
  topics.commandAck('*'),
  // Issue 32: a gateway's announcements, in order with its other events (docs/gateway.md "Brokers").
  topics.gatewayDevices('*'),
].map(swapTopic);
/** Every routing-key pattern the ingest takes. */
export const INGEST_BINDINGS = [...TELEMETRY_BINDINGS, ...EVENT_BINDINGS];

/** The events queue beside telemetry queue `queue`. */
export function eventsQueueOf(queue: string): string {
  return `${queue}${EVENTS_SUFFIX}`;
}

/**
 * Declares the ingest's two queues and their bindings (idempotent): quorum queues, replicated and on
 * disk before RabbitMQ confirms a device's message (and so sends its PUBACK); the events queue with a
 * single active consumer. A telemetry queue of an earlier version bound to the events too is unbound
 * from them (else each event would arrive twice).
 */
export async function declareIngestQueue(channel: Channel, queue = INGEST_QUEUE): Promise<void> {
  const events = eventsQueueOf(queue);
  await channel.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  await channel.assertQueue(events, {
    durable: true,
    arguments: { 'x-queue-type': 'quorum', 'x-single-active-consumer': true },
  });
  for (const key of TELEMETRY_BINDINGS) await channel.bindQueue(queue, MQTT_EXCHANGE, key);
  for (const key of EVENT_BINDINGS) {
    await channel.unbindQueue(queue, MQTT_EXCHANGE, key);
    await channel.bindQueue(events, MQTT_EXCHANGE, key);
  }
}

/** Options of openAmqpIngestLink. */
export interface AmqpLinkOptions {
  /** amqp://user:pass@host:port[/vhost] */
  url: string;
  log: FastifyBaseLogger;
  /** As IngestLinkOptions.onMessage: a promise means "acknowledge when it resolves". */
  onMessage(topic: string, payload: Buffer): undefined | Promise<void>;
  /** Link state changes (metrics). */
  onState?(connected: boolean): void;
  /** Queue to consume; default INGEST_QUEUE (tests name their own). */
  queue?: string;
  /** How long an attempt may go without an outcome before the link starts over, ms (default STUCK_AFTER_MS). */
  stuckAfterMs?: number;
}

/**
 * An attempt to connect that has neither connected nor failed for this long is given up and the link
 * starts over with a new connection. amqplib's recovery waits for each attempt's outcome before the
 * next; an attempt whose handshake or setup never ends (a broker that keeps its socket busy without
 * finishing a frame) would otherwise leave the node consuming nothing, silently, for good.
 */
export const STUCK_AFTER_MS = 2 * SETUP_TIMEOUT_MS + 5_000;

/**
 * Connects (retrying with backoff from 200 ms to 5 s), declares the queue and its bindings, and
 * consumes. `ready` resolves on the first consumer; `close` stops taking deliveries, waits up to 10 s
 * for the held ones to commit and be acknowledged, then disconnects (the rest are redelivered).
 */
export function openAmqpIngestLink(opts: AmqpLinkOptions): {
  ready: Promise<IngestLinkInfo>;
  close(): Promise<void>;
} {
  const { log } = opts;
  const queue = opts.queue ?? INGEST_QUEUE;
  const held = new Set<Promise<void>>();
  let consumer: { channel: Channel; tags: string[] } | null = null;
  let resolveReady!: (info: IngestLinkInfo) => void;
  const ready = new Promise<IngestLinkInfo>((r) => {
    resolveReady = r;
  });

  /** `state.open`: whether the channel the delivery came on is still open. */
  function deliver(channel: Channel, state: { open: boolean }, msg: ConsumeMessage): void {
    // An answer only on the channel the delivery came on; a closed one has it redelivered. The channel
    // can close between the check and the write, so a failed write is that case too, never a crash.
    const answer = (requeue: boolean | null) => {
      if (!state.open) return;
      try {
        if (requeue === null) channel.ack(msg);
        else channel.nack(msg, false, requeue);
      } catch (err) {
        log.debug({ err }, 'delivery not answered: its channel closed (RabbitMQ redelivers it)');
      }
    };
    const ack = () => answer(null);
    let committed: undefined | Promise<void>;
    try {
      committed = opts.onMessage(swapTopic(msg.fields.routingKey), msg.content);
    } catch (err) {
      log.error({ err }, 'ingest message handler failed');
    }
    if (!committed) return void ack();
    const settled = committed.then(ack, (err: unknown) => {
      log.warn({ err }, 'telemetry message not committed, handed back to the queue');
      answer(true);
    });
    held.add(settled);
    void settled.finally(() => held.delete(settled));
  }

  /** Where one connection's attempt is (named in the 'stuck' warning: which step a broker left unanswered). */
  interface Attempt {
    stage: string;
  }

  async function setup(model: ChannelModel, attempt: Attempt): Promise<void> {
    // amqplib's recovery listens for a connection's errors only once its setup has succeeded: a broker
    // that drops the connection during the setup (RabbitMQ killed while it restarts) emitted 'error' with no
    // listener, which ended the process. The setup's own failure reports it (connect-failed, a retry).
    if (model.listenerCount('error') === 0) model.on('error', () => {});
    try {
      await inTime(consumeOn(model, attempt), 'declaring and consuming the ingest queue');
    } catch (err) {
      // amqplib closes the connection before it reports the failure; that close waits for the broker's answer.
      const why = (err as Error).message;
      attempt.stage = `closing the connection after the setup failed at '${attempt.stage}' (${why})`;
      throw err;
    }
  }

  async function consumeOn(model: ChannelModel, attempt: Attempt): Promise<void> {
    attempt.stage = 'opening a channel';
    const channel = await model.createChannel();
    const state = { open: true };
    channel.on('close', () => {
      state.open = false;
    });
    channel.on('error', (err) => log.warn({ err: err.message }, 'ingest AMQP channel error'));
    attempt.stage = 'declaring the queues and their bindings';
    await declareIngestQueue(channel, queue);
    // Per consumer: each of the two queues may have PREFETCH deliveries in hand.
    await channel.prefetch(PREFETCH);
    let restoring = false;
    const consume = async (name: string) => {
      // A quorum queue without a leader (RabbitMQ log: "leader call - leader not known") never answers.
      attempt.stage = `consuming ${name}`;
      const { consumerTag } = await channel.consume(
        name,
        (m) => {
          if (m) return deliver(channel, state, m);
          // RabbitMQ cancelled the consumer (a queue was deleted): declare both again and consume anew.
          if (restoring) return;
          restoring = true;
          log.warn({ queue: name }, 'ingest AMQP consumer cancelled by the broker, consuming again');
          void channel
            .close()
            .catch(() => {})
            .then(() => setup(model, attempt))
            .catch((err: unknown) => log.error({ err }, 'ingest AMQP consumer not restored'));
        },
        { noAck: false },
      );
      return consumerTag;
    };
    const tags = [await consume(queue), await consume(eventsQueueOf(queue))];
    consumer = { channel, tags };
    log.info({ url: redact(opts.url), queue }, 'ingest consuming the AMQP queue');
    resolveReady({ protocolVersion: 4, shared: true, amqpQueue: queue });
  }

  const stuckAfterMs = opts.stuckAfterMs ?? STUCK_AFTER_MS;
  let connected = false;
  /** When the current connection last connected, failed, scheduled a retry or was made (performance.now()). */
  let lastOutcomeAt = performance.now();
  let attempt: Attempt = { stage: 'connecting' };
  const open = () => {
    lastOutcomeAt = performance.now();
    const current: Attempt = { stage: 'connecting' };
    attempt = current;
    const made = amqplib.connect(opts.url, {
      timeout: SETUP_TIMEOUT_MS,
      recovery: {
        initialDelay: 200,
        maxDelay: 5000,
        maxRetries: Number.POSITIVE_INFINITY,
        waitForConnect: false,
        setup: (model: ChannelModel) => setup(model, current),
      },
    });
    void made.then((c) => {
      // A connection given up as stuck may still report; only the current one moves the link's state.
      const outcome = () => {
        if (connection !== made) return false;
        lastOutcomeAt = performance.now();
        return true;
      };
      c.on('connect', () => {
        if (!outcome()) return;
        connected = true;
        opts.onState?.(true);
      });
      c.on('disconnect', (err: Error) => {
        if (!outcome()) return;
        connected = false;
        opts.onState?.(false);
        log.warn({ err: err?.message }, 'ingest disconnected from the AMQP broker, reconnecting');
      });
      c.on('connect-failed', (err: Error) => {
        if (outcome()) log.warn({ err: err.message }, 'ingest AMQP connection failed, retrying');
      });
      c.on('reconnect-scheduled', () => {
        if (outcome()) current.stage = 'connecting';
      });
      c.on('error', (err: Error) => log.warn({ err: err.message }, 'ingest AMQP error'));
    });
    return made;
  };
  let connection = open();
  const watchdog = setInterval(
    () => {
      if (connected || performance.now() - lastOutcomeAt < stuckAfterMs) return;
      log.warn(
        { stuckMs: Math.round(performance.now() - lastOutcomeAt), stage: attempt.stage },
        'ingest AMQP connection attempt stuck, starting over',
      );
      const stuck = connection;
      connection = open();
      void stuck.then((c) => c.close()).catch(() => {});
    },
    Math.max(50, Math.round(stuckAfterMs / 4)),
  );
  watchdog.unref();

  return {
    ready,
    close: async () => {
      clearInterval(watchdog);
      const c = await connection;
      const current = consumer;
      consumer = null;
      for (const tag of current?.tags ?? []) await current?.channel.cancel(tag).catch(() => {});
      const timeout = new Promise<void>((r) => setTimeout(r, 10_000).unref());
      await Promise.race([Promise.allSettled([...held]), timeout]);
      await c.close().catch(() => {});
      opts.onState?.(false);
    },
  };
}
