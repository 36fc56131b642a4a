import { describe, expect, it } from 'vitest';
import { despatchDueOn } from './turnaround';

describe('despatchDueOn', () => {
  it.each([
    // Monday 2 Nov 2026 + 15 working days = Monday 23 Nov
    ['2026-11-02T10:00:00Z', 'Certificate', 'standard', '2026-11-23'],
    ['2026-11-02T10:00:00Z', 'Certificate', 'rapid', '2026-11-09'],
    // Friday + 2 working days = Tuesday
    ['2026-11-06T10:00:00Z', 'Certificate', 'priority', '2026-11-10'],
    ['2026-11-02T10:00:00Z', 'AdultDeedPoll', 'standard', '2026-11-09'],
    ['2026-11-02T10:00:00Z', 'Translation', '2', '2026-11-05'],
    // 23:30 UTC on 31 Jul is already 1 Aug in London (BST): the London day counts
    ['2026-07-31T23:30:00Z', 'DivorceCertificate', 'rapid', '2026-08-07'],
    // An unknown level falls back to 15 working days
    ['2026-11-02T10:00:00Z', 'Certificate', null, '2026-11-23'],
  ] as const)('%s %s %s → %s', (placedAt, type, level, due) => {
    expect(despatchDueOn(new Date(placedAt), type, level)).toBe(due);
  });
});
