import { describe, expect, it } from 'vitest';
import { workItem } from '../testing/work-item';
import { isFutureDay, isIsoDate, wrongState } from './result';

describe('isFutureDay: after today in London', () => {
  it.each([
    ['winter noon: today is not future', '2026-01-15', '2026-01-15T12:00:00Z', false],
    ['winter noon: tomorrow is', '2026-01-16', '2026-01-15T12:00:00Z', true],
    ['winter noon: yesterday is not', '2026-01-14', '2026-01-15T12:00:00Z', false],
    ['summer 23:30 UTC is already tomorrow in London', '2026-07-16', '2026-07-15T23:30:00Z', false],
    ['summer 23:30 UTC: the day after London today is future', '2026-07-17', '2026-07-15T23:30:00Z', true],
    ['winter 23:30 UTC is still today in London', '2026-01-16', '2026-01-15T23:30:00Z', true],
    ['far future', '2030-01-01', '2026-11-23T10:00:00Z', true],
  ])('%s', (_name, day, now, future) => {
    expect(isFutureDay(day, new Date(now))).toBe(future);
  });
});

describe('wrongState: one full stop after a label that ends with one', () => {
  it.each([
    ['despatch_required', 'Cannot place a GRO order: the item is Dispatch Reqd.'],
    ['waiting_gro', 'Cannot place a GRO order: the item is Waiting GRO.'],
  ] as const)('%s', (currentState, message) => {
    expect(wrongState(workItem({ currentState }), 'gro_order_placed')).toMatchObject({ message });
  });
});

describe('isIsoDate: a yyyy-MM-dd day that exists', () => {
  it.each(['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01', '1835-07-08'])(
    '%s is',
    (day) => {
      expect(isIsoDate(day)).toBe(true);
    },
  );
  it.each([
    '2026-02-30',
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-01-32',
    '0000-01-01',
    '2026-1-01',
    '2026-01-01T00:00:00Z',
    ' 2026-01-01',
    '',
  ])('%j is not', (day) => {
    expect(isIsoDate(day)).toBe(false);
  });
});
