/**
 * The thread PGlite runs on (issue 36 §1, §2; decision 0032). PGlite is PostgreSQL compiled to
 * WebAssembly and runs every statement on the thread that calls it; in the server's own thread it held
 * the event loop for tens of ms at a time under ingest (the writer's batches, the push jobs), and every
 * HTTP request and MQTT packet waited behind it. Here it runs beside the server's thread, which only
 * sends statements and receives rows (pglite-thread.ts holds the other end and the message shapes).
 *
 * One such thread per process serves every PGlite database the process opens (the tests open many).
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgliteReply, PgliteRequest, ReplyChannel, SerializedError } from './pglite-messages';
import { type PreparedRunner, preparedRunner } from './pglite-prepared';
import { createTurns, type Turns } from './pglite-turns';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (pglite-thread.ts)');
const port = parentPort;
/** Where replies and notifications go (pglite-messages.ts ReplyChannel). */
const { replies, replied } = workerData as ReplyChannel;

interface OpenDatabase {
  client: PGlite;
  runPrepared: PreparedRunner;
  /** Channels LISTENed to, with the function that stops each. */
  channels: Map<string, () => Promise<void>>;
}

/** Each database's turns (pglite-turns.ts); a database's first call makes them. */
const turns = new Map<number, Turns>();

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback: resolve commits, reject rolls back. */
  finish(commit: boolean): void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<unknown>;
}

const databases = new Map<number, OpenDatabase>();
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

/** Thrown into a transaction's callback to make PGlite roll it back; never reaches the caller. */
const rollbackSignal = new Error('rollback');

const identity = (value: unknown) => value;
const parserSets = new Map<string, Record<number, (value: unknown) => unknown>>();
/** Parsers that keep the text of the given type OIDs (what Drizzle asks for dates and intervals). */
function rawParsers(types: number[]): Record<number, (value: unknown) => unknown> {
  const key = types.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((t) => [t, identity]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

/** PGlite's DatabaseError as data: its message and every own field (code, detail, constraint…). */
function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = typeof value === 'object' && value !== null ? String(value) : value;
  }
  return { message: err.message, name: err.name, fields };
}

function database(id: number): OpenDatabase {
  const db = databases.get(id);
  if (!db) throw new Error('the database is closed');
  return db;
}

/** Results without what cannot cross threads (a blob from COPY TO is not used here). */
function plain(results: Results<unknown>): Results<unknown> {
  const { rows, fields, affectedRows } = results;
  return { rows, fields, affectedRows };
}

async function handle(request: PgliteRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'open': {
      const client = await PGlite.create(request.dataDir, {
        extensions: { pg_trgm },
        // PGlite's own start parameters kept (they replace them all), one setting added.
        ...(request.sharedBuffers
          ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${request.sharedBuffers}`] }
          : {}),
        ...(request.image ? { loadDataDir: new Blob([request.image]) } : {}),
      });
      databases.set(request.db, { client, runPrepared: preparedRunner(client), channels: new Map() });
      return { value: null };
    }
    case 'query': {
      const options = request.rawTypes
        ? { rowMode: request.rowMode, parsers: rawParsers(request.rawTypes) }
        : { rowMode: request.rowMode };
      return { value: plain(await target(request).query(request.text, request.params, options)) };
    }
    case 'exec': {
      return { value: (await target(request).exec(request.text)).map(plain) };
    }
    case 'prepared':
      return {
        value: plain(await database(request.db).runPrepared(request.name, request.text, request.params)),
      };
    case 'begin':
      return { value: await begin(database(request.db).client) };
    case 'end': {
      const open = transaction(request.tx);
      transactions.delete(request.tx);
      open.finish(request.commit);
      try {
        await open.done;
      } catch (err) {
        if (err !== rollbackSignal) throw err;
      }
      return { value: null };
    }
    case 'listen': {
      const db = database(request.db);
      if (!db.channels.has(request.channel)) {
        const stop = await db.client.listen(request.channel, (payload) =>
          post({ notify: request.db, channel: request.channel, payload }),
        );
        db.channels.set(request.channel, stop);
      }
      return { value: null };
    }
    case 'unlisten': {
      const db = database(request.db);
      const stop = db.channels.get(request.channel);
      db.channels.delete(request.channel);
      await stop?.();
      return { value: null };
    }
    case 'dump': {
      const blob = await database(request.db).client.dumpDataDir('none');
      const buffer = await blob.arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case 'close': {
      const db = databases.get(request.db);
      databases.delete(request.db);
      await db?.client.close();
      return { value: null };
    }
  }
}

/** Where a statement runs: inside its open transaction, else on its database. */
function target(request: { db: number; tx?: number }): Transaction | PGlite {
  return request.tx ? transaction(request.tx).tx : database(request.db).client;
}

function transaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error('the transaction has ended');
  return open;
}

/**
 * Opens a transaction whose callback waits for `end`: PGlite holds its transaction lock meanwhile, so
 * statements from outside it wait, as they do when the callback runs in the caller's thread.
 * @returns the transaction's id once BEGIN has run.
 */
function begin(client: PGlite): Promise<number> {
  const id = nextTransaction++;
  return new Promise<number>((resolveBegin, rejectBegin) => {
    let started = false;
    const done = client.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          started = true;
          transactions.set(id, {
            tx,
            finish: (commit) => (commit ? resolve() : reject(rollbackSignal)),
            done,
          });
          resolveBegin(id);
        }),
    );
    // Settled through `end`; a BEGIN that fails never reaches the callback.
    done.catch((err) => {
      if (!started) rejectBegin(err);
    });
  });
}

function post(reply: PgliteReply, transfer?: ArrayBuffer[]): void {
  replies.postMessage(reply, transfer);
  Atomics.add(replied, 0, 1);
  Atomics.notify(replied, 0);
}

function reply(request: PgliteRequest, outcome: ReturnType<typeof handle>): Promise<unknown> {
  return outcome.then(
    ({ value, transfer }) => post({ id: request.id, ok: true, value }, transfer),
    (err) => post({ id: request.id, ok: false, error: serializeError(err) }),
  );
}

/**
 * Calls that run at once, outside the turns: opening (no database yet), and what runs inside an open
 * transaction (its statements and its end), which holds its database's turn meanwhile.
 */
function runsAtOnce(request: PgliteRequest): boolean {
  return request.op === 'open' || request.op === 'end' || ('tx' in request && request.tx !== undefined);
}

/** BEGIN, then the turn lasts until the transaction has committed or rolled back. */
async function beginTurn(request: PgliteRequest): Promise<void> {
  let open: OpenTransaction | undefined;
  await reply(
    request,
    handle(request).then((outcome) => {
      open = transactions.get(outcome.value as number);
      return outcome;
    }),
  );
  await open?.done.catch(() => {});
}

/** Takes `request` in: runs it at once, or queues it for its database's turn. */
function dispatch(request: PgliteRequest): void {
  if (runsAtOnce(request)) {
    void reply(request, handle(request));
    return;
  }
  let dbTurns = turns.get(request.db);
  if (!dbTurns) {
    dbTurns = createTurns({ collect: collectArrived });
    turns.set(request.db, dbTurns);
  }
  if (request.op === 'close') turns.delete(request.db);
  dbTurns.take(request.urgent === true, () =>
    request.op === 'begin' ? beginTurn(request) : reply(request, handle(request)),
  );
}

/** Takes in every request waiting in the port (sent while PGlite ran), so a turn is picked among them. */
function collectArrived(): void {
  for (let arrived = receiveMessageOnPort(port); arrived; arrived = receiveMessageOnPort(port)) {
    dispatch(arrived.message as PgliteRequest);
  }
}

port.on('message', dispatch);
