import { describe, expect, it } from 'vitest';
import { parseUkDate } from './date-field';

describe('parseUkDate', () => {
  it('reads day first, with or without leading zeros', () => {
    expect(parseUkDate('07/03/2026')).toBe('2026-03-07');
    expect(parseUkDate('7/3/2026')).toBe('2026-03-07');
    expect(parseUkDate(' 31/12/2026 ')).toBe('2026-12-31');
  });

  it('refuses what is not a day: a US order past the 12th month, a 31st of February, other shapes', () => {
    expect(parseUkDate('03/13/2026')).toBeNull();
    expect(parseUkDate('31/02/2026')).toBeNull();
    expect(parseUkDate('2026-03-07')).toBeNull();
    expect(parseUkDate('')).toBeNull();
  });
});
