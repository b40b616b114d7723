/**
 * The display size in force (spec §2/§3 "size" cookie, default small), as a tiny store so the antd
 * provider re-renders when the user menu changes it, without a reload.
 */
import { useSyncExternalStore } from 'react';
import { type DisplaySize, getDisplaySize, setDisplaySize } from './preferences';

// Read at first use, not at import: start-up may clear old cookies first (spec §4 version change).
let size: DisplaySize | null = null;

function current(): DisplaySize {
  size ??= getDisplaySize();
  return size;
}
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current display size, re-rendering on change. */
export function useDisplaySize(): DisplaySize {
  return useSyncExternalStore(subscribe, current);
}

/** Stores and applies a new display size. */
export function changeDisplaySize(next: DisplaySize): void {
  setDisplaySize(next);
  size = next;
  for (const l of listeners) l();
}
