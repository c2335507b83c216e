import { useEffect, useState } from 'react';

/**
 * The time, read when the component mounts and again every `intervalMs`: render reads it from here, never from
 * Date.now(), so a render is pure and a deadline on the page ('Xh left', a request's expiry) passes while it is open.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
