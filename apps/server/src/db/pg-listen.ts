/**
 * LISTEN on PostgreSQL over one connection of its own per process (docs/decisions/0014-badge-counts.md),
 * shared by every channel the process listens on. A pooled connection cannot listen: the pool lends it
 * to other queries and closes it when idle. Notifications sent while this connection is down are lost
 * for good, so each listener is told when listening stops and starts again: a cache built on it must not
 * trust what it holds while nobody listens, and must reload once listening resumes.
 */
import pg from 'pg';

/** What a listener is told. */
export interface ListenHandlers {
  /** Each payload NOTIFYed on the channel by a committed transaction, in commit order. */
  onNotify(payload: string): void;
  /**
   * `true` each time LISTEN took effect (the first time and after every reconnection), `false` when the
   * connection was lost: notifications from then until the next `true` are missed.
   */
  onListening(listening: boolean): void;
}

/** Options of createPgListener. */
export interface PgListenerOptions {
  /** First wait before reconnecting (ms), doubled after each failure up to maxRetryMs. Default 500. */
  retryMs?: number;
  /** Longest wait between reconnection attempts (ms). Default 30,000. */
  maxRetryMs?: number;
  /** Told of each failed connection attempt or lost connection (default: one line on stderr). */
  onError?(err: Error): void;
}

/** The process's listening connection. */
export interface PgListener {
  /**
   * Listens on `channel` until the returned function is called. Resolves once LISTEN took effect, or
   * after a failed attempt (then `onListening(true)` comes when a retry succeeds).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Ends the connection and every retry. */
  close(): Promise<void>;
}

/**
 * A listener on the database at `connectionString`; it connects on the first `listen` and ends when no
 * channel is left. `application_name` is `ems listen`, so operators can find the connection.
 */
export function createPgListener(connectionString: string, options: PgListenerOptions = {}): PgListener {
  const firstRetry = options.retryMs ?? 500;
  const maxRetry = options.maxRetryMs ?? 30_000;
  const onError =
    options.onError ??
    ((err: Error) => console.warn(`notification listener lost, reconnecting: ${err.message}`));
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let retry = firstRetry;
  let closed = false;

  const tell = (listening: boolean) => {
    for (const set of channels.values()) for (const h of set) h.onListening(listening);
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    tell(false);
    schedule();
  };

  function schedule() {
    if (closed || timer || channels.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retry);
    retry = Math.min(retry * 2, maxRetry);
  }

  /** Connects and LISTENs on every channel; tells them all once it did. */
  function connect(): Promise<void> {
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString,
        application_name: 'ems listen',
        // A peer that vanished without closing (a dropped network) is found by TCP keepalive.
        keepAlive: true,
      });
      c.on('notification', (m) => {
        if (client !== c) return;
        for (const h of channels.get(m.channel) ?? []) h.onNotify(m.payload ?? '');
      });
      c.on('error', (err) => {
        // An error while connecting is reported once, by the catch below.
        if (client === c) onError(err);
        lost(c);
      });
      c.on('end', () => lost(c));
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      } catch (err) {
        onError(err as Error);
        await c.end().catch(() => {});
        schedule();
        return;
      }
      if (closed || channels.size === 0) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      retry = firstRetry;
      tell(true);
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  async function unlisten(channel: string, handlers: ListenHandlers): Promise<void> {
    const set = channels.get(channel);
    if (!set?.delete(handlers) || set.size > 0) return;
    channels.delete(channel);
    const c = client;
    if (channels.size === 0) {
      client = null;
      clearTimeout(timer);
      timer = undefined;
      await c?.end().catch(() => {});
    } else {
      await c?.query(`UNLISTEN ${c.escapeIdentifier(channel)}`).catch(() => {});
    }
  }

  return {
    async listen(channel, handlers) {
      if (closed) throw new Error('listener closed');
      const set = channels.get(channel) ?? new Set();
      set.add(handlers);
      channels.set(channel, set);
      if (connecting) await connecting;
      if (client) {
        // LISTEN twice on a channel is no error: no need to know whether the connection already did.
        const c = client;
        try {
          await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
          if (client === c) handlers.onListening(true);
        } catch (err) {
          // The connection failed meanwhile: the reconnection LISTENs on every channel.
          onError(err as Error);
        }
      } else if (!timer) {
        await connect();
      }
      return () => unlisten(channel, handlers);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      channels.clear();
      await c?.end().catch(() => {});
    },
  };
}
