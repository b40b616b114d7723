/**
 * LISTEN on PostgreSQL over a connection of its own (docs/decisions/0014-badge-counts.md). A pooled
 * connection cannot listen: the pool hands it to other queries and may close it when idle. Notifications
 * sent while this connection is down are lost for good, so the listener says when it stops and starts
 * listening: a cache built on it must not trust what it holds while it is not listening, and must reload
 * once it listens again.
 */
import pg from 'pg';

/** What the listener tells its user. */
export interface ListenHandlers {
  /** Each payload NOTIFYed on the channel by a committed transaction, in commit order. */
  onNotify(payload: string): void;
  /**
   * `true` each time LISTEN took effect (the first time and after every reconnection), `false` when the
   * connection was lost: notifications from then until the next `true` are missed.
   */
  onListening(listening: boolean): void;
}

/** Options of listenPg. */
export interface ListenPgOptions {
  /** First wait before reconnecting (ms), doubled after each failure up to maxRetryMs. Default 500. */
  retryMs?: number;
  /** Longest wait between reconnection attempts (ms). Default 30,000. */
  maxRetryMs?: number;
  /** Told of each failed connection attempt or lost connection (default: one line on stderr). */
  onError?(err: Error): void;
}

/**
 * Listens on `channel` of the database at `connectionString` until the returned function is called.
 * Resolves after the first attempt, listening or not (a failed attempt is retried in the background);
 * `application_name` is `ems listen <channel>`, so operators can find the connection.
 */
export async function listenPg(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  options: ListenPgOptions = {},
): Promise<() => Promise<void>> {
  const firstRetry = options.retryMs ?? 500;
  const maxRetry = options.maxRetryMs ?? 30_000;
  const onError =
    options.onError ??
    ((err: Error) => console.warn(`notification listener (${channel}) lost, reconnecting: ${err.message}`));
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let retry = firstRetry;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.onListening(false);
    schedule();
  };

  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void attempt();
    }, retry);
    retry = Math.min(retry * 2, maxRetry);
  }

  async function attempt(): Promise<void> {
    const client = new pg.Client({
      connectionString,
      application_name: `ems listen ${channel}`,
      // A peer that vanished without closing (a dropped network) is found by TCP keepalive.
      keepAlive: true,
    });
    client.on('notification', (m) => {
      if (m.channel === channel && current === client) handlers.onNotify(m.payload ?? '');
    });
    client.on('error', (err) => {
      // An error while connecting is reported once, by the catch below.
      if (current === client) onError(err);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      onError(err as Error);
      await client.end().catch(() => {});
      schedule();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retry = firstRetry;
    handlers.onListening(true);
  }

  await attempt();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
