import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`: for wording such as '5 minutes ago'. */
export function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
