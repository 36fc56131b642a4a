import { describe, expect, it } from 'vitest';
import { formatNotificationTime } from './time';

describe('formatNotificationTime', () => {
  const now = new Date('2026-07-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('gives the London time, then "just now" for under 45 seconds, and for a clock a little ahead', () => {
    expect(formatNotificationTime(ago(0), now)).toBe('01/07/2026 @ 13:00 · just now');
    expect(formatNotificationTime(ago(44), now)).toBe('01/07/2026 @ 12:59 · just now');
    expect(formatNotificationTime(ago(-5), now)).toBe('01/07/2026 @ 13:00 · just now');
  });

  it('counts minutes, then hours, rounded, after the London time', () => {
    expect(formatNotificationTime(ago(45), now)).toBe('01/07/2026 @ 12:59 · 1 min ago');
    expect(formatNotificationTime(ago(5 * 60), now)).toBe('01/07/2026 @ 12:55 · 5 min ago');
    expect(formatNotificationTime(ago(59 * 60), now)).toBe('01/07/2026 @ 12:01 · 59 min ago');
    expect(formatNotificationTime(ago(60 * 60), now)).toBe('01/07/2026 @ 12:00 · 1 h ago');
    expect(formatNotificationTime(ago(23 * 3600), now)).toBe('30/06/2026 @ 14:00 · 23 h ago');
  });

  it('gives the London date and time from a day on', () => {
    expect(formatNotificationTime('2026-06-29T08:15:00Z', now)).toBe('29/06/2026 @ 09:15');
    expect(formatNotificationTime('2026-01-05T08:15:00Z', now)).toBe('05/01/2026 @ 08:15');
  });
});
