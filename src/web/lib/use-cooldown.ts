/** A seconds countdown, e.g. until a new emailed code may be requested (the server allows one a minute). */
import { useCallback, useEffect, useState } from 'react';

export function useCooldown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [until, now]);

  const start = useCallback((ms: number) => {
    const started = Date.now();
    setNow(started);
    setUntil(started + ms);
  }, []);

  const secondsLeft = Math.max(0, Math.ceil((until - now) / 1000));
  return { secondsLeft, active: secondsLeft > 0, start };
}
