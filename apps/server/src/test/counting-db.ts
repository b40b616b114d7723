/** Test util: a database handle that counts the statements run through it. */
import type { DbHandle } from '../db/client';

/**
 * `db` with every use counted: raw queries, and any reach into Drizzle (each Drizzle statement starts
 * with at least one), so a count that does not move means no statement ran.
 */
export function countingDb(db: DbHandle): { handle: DbHandle; statements(): number } {
  let n = 0;
  const handle: DbHandle = {
    ...db,
    db: new Proxy(db.db, {
      get(target, prop, receiver) {
        n++;
        return Reflect.get(target, prop, receiver);
      },
    }),
    query: (text, params, prepared) => {
      n++;
      return db.query(text, params, prepared);
    },
  };
  return { handle, statements: () => n };
}
