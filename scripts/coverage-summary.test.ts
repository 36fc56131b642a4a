import { describe, expect, it } from 'vitest';
import { areaFigures, formatArea, percent } from './coverage-summary';

const counts = (covered: number, total: number) => ({ covered, total });
const file = (covered: number, total: number) => ({
  lines: counts(covered, total),
  statements: counts(covered, total),
  branches: counts(1, 2),
  functions: counts(1, 1),
});
const areas = [
  { name: 'domain', dir: 'domain', lines: 95 },
  { name: 'web logic', dir: 'web', lines: 70 },
];

describe('areaFigures', () => {
  const summary = {
    total: file(0, 0),
    '/repo/domain/a.ts': file(95, 100),
    '/repo/domain/b.ts': file(4, 10),
    '/repo/web/api/client.ts': file(7, 10),
    '/repo/web/app.tsx': file(0, 500),
    '/repo/webby/x.ts': file(0, 100),
  };

  it('adds up the .ts files under each area folder, leaving out .tsx and look-alike folders', () => {
    const [domain, web] = areaFigures(summary, '/repo', areas);
    expect(domain.totals.lines).toEqual({ covered: 99, total: 110 });
    expect(domain.files).toBe(2);
    expect(web.totals.lines).toEqual({ covered: 7, total: 10 });
    expect(web.totals.branches).toEqual({ covered: 1, total: 2 });
    expect(web.files).toBe(1);
  });

  it('compares the unrounded figure with the floor', () => {
    const [domain, web] = areaFigures(summary, '/repo', areas);
    expect(domain.ok).toBe(false); // 90 %
    expect(web.ok).toBe(true); // exactly 70 %
    const [justUnder] = areaFigures({ '/repo/domain/a.ts': file(9499, 10000) }, '/repo', areas);
    expect(justUnder.ok).toBe(false);
  });

  it('counts an area without files as covered, so an empty area never fails', () => {
    expect(areaFigures({}, '/repo', areas).every((a) => a.ok && a.files === 0)).toBe(true);
  });
});

describe('percent and formatArea', () => {
  it('round down, so a figure just under the floor never prints as meeting it', () => {
    expect(percent(counts(9499, 10000))).toBe(94.9);
    expect(percent(counts(0, 0))).toBe(100);
  });

  it('print one line per area with the floor and the other measures', () => {
    const [, web] = areaFigures({ '/repo/web/a.ts': file(7, 10) }, '/repo', areas);
    expect(formatArea(web, 10)).toBe(
      'web logic   lines 70.0% (floor 70%)  ok    7/10 lines in 1 files; statements 70.0%, branches 50.0%, functions 100.0%',
    );
  });
});
