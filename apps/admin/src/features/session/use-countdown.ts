import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a deadline, ticking once a second; 0 when none runs. Computed from the clock
 * rather than counted down, so a throttled background tab still shows the right number.
 */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === undefined) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) setDeadline(undefined);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setDeadline(time + seconds * 1000);
  }, []);

  const secondsLeft = deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, start };
}
