import { useEffect, useState } from 'react';

/** The current time in ms, refreshed every `everyMs` so relative times ("2 minutes ago") keep moving. */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
