/** The header's live clock: London time to the second, refreshed every second. */
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatClock } from '../lib/time';

export const CLOCK_TICK_MS = 1000;

export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text
      role="timer"
      data-testid="clock"
      aria-label="Time in London"
      size="sm"
      c="dimmed"
      fw={500}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
    >
      <time dateTime={now.toISOString()}>{formatClock(now)}</time>
    </Text>
  );
}
