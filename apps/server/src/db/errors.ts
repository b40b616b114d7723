/** Recognising database errors by their PostgreSQL SQLSTATE, the same on PGlite and node-postgres. */

/** True when `err` (or an error it wraps, as Drizzle does in `cause`) is a PostgreSQL unique violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when `err` is about the data, not the database being away: a PostgreSQL data exception (SQLSTATE
 * class 22: out of range, bad date, invalid text…) or a RangeError of our own date and number handling.
 * A batch job sets such an item aside instead of retrying it forever (issue 31).
 */
export function isDataError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof RangeError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when `err` is a serialization failure (40001) or a deadlock (40P01): the transaction met another's
 * committed or locked rows, changed nothing, and may simply run again (the ingest lane, db/client.ts).
 */
export function isTransactionConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}
