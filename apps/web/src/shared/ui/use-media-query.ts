import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the CSS media `query` matches now (`window.matchMedia`), re-rendering when it changes; false
 * on the server. One subscription per query and component.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
