// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClock } from '../lib/time';
import { Clock } from './clock';

describe('formatClock', () => {
  it('shows London time in summer (BST) and winter (GMT)', () => {
    expect(formatClock(new Date('2026-07-01T11:05:09Z'))).toBe('01/07/2026 @ 12:05:09');
    expect(formatClock(new Date('2026-01-15T23:59:59Z'))).toBe('15/01/2026 @ 23:59:59');
  });

  it('rolls over to the London day, not the UTC one', () => {
    expect(formatClock(new Date('2026-06-30T23:30:00Z'))).toBe('01/07/2026 @ 00:30:00');
  });
});

describe('<Clock />', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-10T09:00:00Z'));
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the time with a label and a test id, and ticks every second', () => {
    render(
      <MantineProvider>
        <Clock />
      </MantineProvider>,
    );
    const clock = screen.getByTestId('clock');
    expect(clock.getAttribute('aria-label')).toBe('Time in London');
    expect(clock.textContent).toBe('10/03/2026 @ 09:00:00');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(clock.textContent).toBe('10/03/2026 @ 09:00:01');
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(clock.textContent).toBe('10/03/2026 @ 09:01:00');
  });
});
