/**
 * Named prepared statements on PGlite, for the statements the hot path runs again and again (the
 * telemetry writer). PGlite's `query()` sends an unnamed Parse on every call, so PostgreSQL parses and
 * plans the statement each time: for the writer's statement that is about half of a small batch's cost
 * (≈ 4 ms of ≈ 8 ms for 20 rows, EXPLAIN ANALYZE in bench/writer-explain.ts), and PGlite runs on the
 * server's one thread. Here the statement is parsed once per database under its name (PostgreSQL then
 * keeps a generic plan after five runs, as on a pg connection), and each call only binds and executes.
 *
 * Built from PGlite's public protocol API, the same steps `query()` takes: `protocol.serialize` for the
 * messages, the instance's type serializers for the parameters, `parse.parseResults` for the rows. It
 * holds both of PGlite's locks, as `query()` does, so it never runs inside another caller's transaction.
 */
import { type PGlite, parse, protocol } from '@electric-sql/pglite';

type Results = Awaited<ReturnType<PGlite['query']>>;

/** A runner of named statements on one PGlite instance. */
export type PreparedRunner = (name: string, text: string, params: readonly unknown[]) => Promise<Results>;

/**
 * @returns a function that runs `text` as the named prepared statement `name` (parsed on its first
 * call) with `params`, and resolves with the rows as `query()` would give them. Errors are PGlite's
 * DatabaseError (with its SQLSTATE `code`), after which the session is ready again (Sync sent), or an
 * Error when `name` was prepared with another text. A statement deallocated behind the runner's back
 * (DEALLOCATE ALL, DISCARD ALL) is prepared again within the same call.
 */
export function preparedRunner(client: PGlite): PreparedRunner {
  const { serialize } = protocol;
  /** Text and parameter type OIDs of each statement parsed so far. */
  const statements = new Map<string, { text: string; types: number[] }>();
  const send = async (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  /** One attempt: parse if needed, then bind and execute; Sync always, so the session is ready after. */
  async function attempt(name: string, text: string, params: readonly unknown[]): Promise<Results> {
    let messages: Awaited<ReturnType<typeof send>> = [];
    try {
      let statement = statements.get(name);
      if (statement && statement.text !== text) {
        // As pg does on PostgreSQL: one name, one text.
        throw new Error(`prepared statement "${name}" was already prepared with another text`);
      }
      if (!statement) {
        // A statement of that name left by a failed earlier attempt would make Parse fail (42P05) for
        // good; closing a statement that does not exist is no error.
        await send(serialize.close({ type: 'S', name }));
        await send(serialize.parse({ name, text }));
        const types = parse.parseDescribeStatementResults(
          await send(serialize.describe({ type: 'S', name })),
        );
        statement = { text, types };
        statements.set(name, statement);
      }
      const { types } = statement;
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(v) : String(v);
      });
      messages = [
        ...(await send(serialize.bind({ statement: name, values }))),
        ...(await send(serialize.describe({ type: 'P' }))),
        ...(await send(serialize.execute({}))),
      ];
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    await client.syncToFs();
    return parse.parseResults(messages, client.parsers)[0]!;
  }

  return (name, text, params) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await attempt(name, text, params);
        } catch (err) {
          // 26000: the statement is gone (someone ran DEALLOCATE ALL or DISCARD ALL): prepare it again.
          if ((err as { code?: unknown }).code !== '26000' || !statements.has(name)) throw err;
          statements.delete(name);
          return attempt(name, text, params);
        }
      }),
    );
}
