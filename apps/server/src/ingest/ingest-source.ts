/**
 * Where the ingest's messages come from, one of three (IngestOptions): the embedded broker in-process,
 * an external MQTT broker over a persistent session with deferred PUBACKs (ingest-link.ts), or RabbitMQ's
 * queue that several nodes divide (ingest-amqp.ts). Each hands every message to `onMessage` and holds its
 * acknowledgement until the promise it returns settles (decision 0011).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Batcher } from './batcher';
import { openAmqpIngestLink } from './ingest-amqp';
import { type IngestLinkInfo, openIngestLink, redact } from './ingest-link';
import { type IngestOptions, ingestClientId } from './ingest-types';

/** A message handler: the promise that holds the message's acknowledgement, or undefined (at once). */
export type IngestMessageHandler = (
  topic: string,
  payload: Buffer,
  qos?: number,
) => Promise<void> | undefined;

/** An open source of messages. */
export interface IngestSource {
  /** Resolves when subscribed. */
  ready: Promise<IngestLinkInfo>;
  /** Stops taking messages. */
  close(): Promise<void>;
}

/**
 * Opens the source `opts` names; with a remote one waits up to 10 s for it to subscribe (then lets it go on
 * trying in the background). `onState` is told when a remote link goes up or down; `known` (devices
 * preloaded) is logged.
 */
export async function openIngestSource(
  opts: IngestOptions,
  deps: {
    log: FastifyBaseLogger;
    onMessage: IngestMessageHandler;
    onState: (up: boolean) => void;
    batcher: Batcher;
    known: number;
  },
): Promise<IngestSource> {
  const { log, onMessage, onState, batcher, known } = deps;
  /** Waits up to 10 s for the link, then lets it go on trying in the background. */
  const announce = async (linked: Promise<IngestLinkInfo>, url: string) => {
    const timeout = new Promise<null>((r) => setTimeout(() => r(null), 10_000).unref());
    const info = await Promise.race([linked, timeout]);
    if (info) log.info({ known, ...info }, 'ingest subscribed');
    else log.warn({ url: redact(url) }, 'ingest not subscribed yet, still trying');
  };
  if (opts.broker) {
    const detach = opts.broker.attachIngest(onMessage);
    log.info({ known }, 'ingest attached to the embedded broker');
    return {
      ready: Promise.resolve({ protocolVersion: 4, shared: false, inProcess: true }),
      close: async () => detach(),
    };
  }
  if ('amqpUrl' in opts) {
    const link = openAmqpIngestLink({ url: opts.amqpUrl, queue: opts.queue, log, onMessage, onState });
    await announce(link.ready, opts.amqpUrl);
    return { ready: link.ready, close: link.close };
  }
  const link = openIngestLink({
    url: opts.mqttUrl,
    clientId: opts.clientId ?? ingestClientId(),
    persistentSession: opts.persistentSession ?? true,
    shareGroup: opts.shareGroup,
    log,
    onMessage,
    room: () => (batcher.hasRoom() ? null : batcher.waitForRoom()),
    onState,
  });
  await announce(link.ready, opts.mqttUrl);
  return { ready: link.ready, close: link.close };
}
