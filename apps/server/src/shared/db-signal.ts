/**
 * In-process notices about one database: what a service committed (mail queued, a rule saved) reaches the
 * jobs of the same process that should act on it now rather than at their next period. Listeners are
 * kept per DbHandle, so tests' databases in one process never hear each other. Other processes learn of
 * it from the database itself (LISTEN, or their next run).
 */
import type { DbHandle } from '../db/client';

/** One kind of notice about a database, carrying a `T`. */
export interface DbSignal<T = void> {
  /** Calls every listener of `db` with `value` (none for a `void` notice), in the order they subscribed. */
  emit(db: DbHandle, ...value: T extends void ? [] : [T]): void;
  /** Calls `listener` after each `emit(db, …)`. @returns the unsubscribe function. */
  on(db: DbHandle, listener: (value: T) => void): () => void;
}

/** A new kind of notice (module scope: one per kind, shared by its emitters and listeners). */
export function createDbSignal<T = void>(): DbSignal<T> {
  const listeners = new WeakMap<DbHandle, Set<(value: T) => void>>();
  return {
    emit(db, ...value) {
      for (const listener of listeners.get(db) ?? []) listener(value[0] as T);
    },
    on(db, listener) {
      let set = listeners.get(db);
      if (!set) {
        set = new Set();
        listeners.set(db, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
