import { useEffect, useState } from 'react';

/**
 * The time now (ms), renewed every `everyMs`: what "in 3 days" and "a time
 * already passed" are judged against, without reading the clock while rendering.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
