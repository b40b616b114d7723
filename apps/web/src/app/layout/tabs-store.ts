/**
 * Open tabs of this page load, shared by the tab row and the log-out action (which closes them all).
 * A tiny external store read with useSyncExternalStore.
 */
import { useSyncExternalStore } from 'react';
import { addTab, closeTab, resetTabs, type VisitedTab } from '../lib/visited-tabs';

let tabs: VisitedTab[] = resetTabs();
const listeners = new Set<() => void>();

function emit(next: VisitedTab[]): void {
  tabs = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open tabs, re-rendering on change. */
export function useVisitedTabs(): VisitedTab[] {
  return useSyncExternalStore(subscribe, () => tabs);
}

/** Opens (or refreshes) the tab of the current page. */
export function openTab(tab: VisitedTab): void {
  const next = addTab(tabs, tab);
  if (next.length !== tabs.length || next.some((t, i) => t !== tabs[i])) emit(next);
}

/** Closes `key`; returns the URL to navigate to when it was the active tab. */
export function closeVisitedTab(key: string, activeKey: string): string | null {
  const result = closeTab(tabs, key, activeKey);
  emit(result.tabs);
  return result.next;
}

/** Closes every tab but the dashboard (log-out). */
export function closeAllTabs(): void {
  emit(resetTabs());
}
