import { describe, expect, it } from 'vitest';
import {
  folderFromParams,
  fromLocalInput,
  neighbour,
  nextAfterLeaving,
  pageFromParams,
  refParts,
  snoozePresets,
  toLocalInput,
} from './inbox-model';

describe('the URL', () => {
  it('reads a known folder and a page, else the inbox and page 1', () => {
    expect(folderFromParams(new URLSearchParams('folder=snoozed'))).toBe('snoozed');
    expect(folderFromParams(new URLSearchParams('folder=spam'))).toBe('inbox');
    expect(folderFromParams(new URLSearchParams(''))).toBe('inbox');
    expect(pageFromParams(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFromParams(new URLSearchParams('page=0'))).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=x'))).toBe(1);
  });
});

describe('moving between threads', () => {
  it('j and k move one thread, stop at the ends, and start at the first', () => {
    expect(neighbour([4, 7, 9], 7, 1)).toBe(9);
    expect(neighbour([4, 7, 9], 7, -1)).toBe(4);
    expect(neighbour([4, 7, 9], 9, 1)).toBe(9);
    expect(neighbour([4, 7, 9], 4, -1)).toBe(4);
    expect(neighbour([4, 7, 9], null, 1)).toBe(4);
    expect(neighbour([4, 7, 9], 99, -1)).toBe(4);
    expect(neighbour([], null, 1)).toBeNull();
  });

  it('archiving opens the next thread, else the previous, else none', () => {
    expect(nextAfterLeaving([4, 7, 9], 7)).toBe(9);
    expect(nextAfterLeaving([4, 7, 9], 9)).toBe(7);
    expect(nextAfterLeaving([7], 7)).toBeNull();
    expect(nextAfterLeaving([4, 7], 99)).toBe(4);
  });
});

describe('snooze times', () => {
  it('offers three hours on, tomorrow 9:00 and next Monday 9:00', () => {
    const friday = new Date(2026, 10, 27, 14, 30);
    const [later, tomorrow, monday] = snoozePresets(friday);
    expect(later.until.getTime() - friday.getTime()).toBe(3 * 3_600_000);
    expect(tomorrow.until).toEqual(new Date(2026, 10, 28, 9, 0));
    expect(monday.until).toEqual(new Date(2026, 10, 30, 9, 0));
    // On a Monday, next Monday is a week on.
    expect(snoozePresets(new Date(2026, 10, 30, 8, 0))[2].until).toEqual(new Date(2026, 11, 7, 9, 0));
  });

  it('reads and writes the datetime-local value', () => {
    const d = new Date(2026, 11, 1, 9, 5);
    expect(toLocalInput(d)).toBe('2026-12-01T09:05');
    expect(fromLocalInput('2026-12-01T09:05')).toEqual(d);
    expect(fromLocalInput('2026-12-01')).toBeNull();
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('refs in a message', () => {
  const links = (text: string) => refParts(text).flatMap((p) => ('ref' in p ? [`${p.kind}:${p.ref}`] : []));

  it('links item refs anywhere and order refs after order, ref or #', () => {
    expect(links('About 100234-2 and order 100235, ref: 100236, Order no. 100237 and #100238.')).toEqual([
      'item:100234-2',
      'order:100235',
      'order:100236',
      'order:100237',
      'order:100238',
    ]);
  });

  it('leaves bare numbers alone: phones, prices, years', () => {
    expect(links('Call 07700 900123 about the £120 I paid in 2026.')).toEqual([]);
  });

  it('keeps every character, so the parts join back into the text', () => {
    const text = 'Re order #100235: see 100234-2 please';
    expect(
      refParts(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
    expect(refParts(text)[0]).toEqual({ text: 'Re order #' });
  });
});
