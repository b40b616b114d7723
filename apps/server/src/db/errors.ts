/** Recognising database errors by their PostgreSQL SQLSTATE, the same on PGlite and node-postgres. */

/** True when `err` (or an error it wraps, as Drizzle does in `cause`) is a PostgreSQL unique violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
