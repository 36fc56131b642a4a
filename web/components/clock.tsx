/** The header's live clock: London time to the second, refreshed every second. */
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatClock } from '../lib/time';
import classes from './clock.module.css';

export const CLOCK_TICK_MS = 1000;

export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  // "dd/MM/yyyy @ HH:mm:ss": on a phone the date sits over the time, so the header keeps room for its buttons.
  const [date, time] = formatClock(now).split(' @ ');
  return (
    <Text
      role="timer"
      data-testid="clock"
      aria-label="Time in London"
      size="sm"
      c="dimmed"
      fw={500}
      className={classes.clock}
    >
      <time dateTime={now.toISOString()} className={classes.time}>
        <span>{date}</span>
        <span className={classes.at}> @ </span>
        <span>{time}</span>
      </time>
    </Text>
  );
}
