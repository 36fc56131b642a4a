import { describe, expect, it } from 'vitest';
import { areaFigures, formatArea, percent } from './coverage-summary';

const counts = (covered: number, total: number) => ({ covered, total });
const file = (covered: number, total: number, branches = counts(1, 2)) => ({
  lines: counts(covered, total),
  statements: counts(covered, total),
  branches,
  functions: counts(1, 1),
});
const areas = [
  { name: 'domain', dir: 'domain', lines: 95, branches: 90 },
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

  it('holds an area with a branch floor to it too, and one without to its lines alone', () => {
    const cases = [
      { branches: counts(9, 10), domainOk: true }, // 90 %: exactly the floor
      { branches: counts(8999, 10000), domainOk: false }, // just under
      { branches: counts(0, 0), domainOk: true }, // no branches: nothing to miss
    ];
    for (const { branches, domainOk } of cases) {
      const [domain, web] = areaFigures(
        { '/repo/domain/a.ts': file(100, 100, branches), '/repo/web/a.ts': file(100, 100, counts(0, 10)) },
        '/repo',
        areas,
      );
      expect(domain.floors).toEqual({ lines: 95, branches: 90 });
      expect(domain.ok, `${branches.covered}/${branches.total} branches`).toBe(domainOk);
      expect(web.floors).toEqual({ lines: 70 });
      expect(web.ok).toBe(true); // 0 % of branches, but web has no branch floor
    }
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

  it('print one line per area with its floors and the other measures', () => {
    const [, web] = areaFigures({ '/repo/web/a.ts': file(7, 10) }, '/repo', areas);
    expect(formatArea(web, 10)).toBe(
      'web logic   lines 70.0% (floor 70%)  ok    7/10 lines in 1 files; statements 70.0%, branches 50.0%, functions 100.0%',
    );
  });

  it('print the branches beside the lines, against their floor, where the area has one', () => {
    const [domain] = areaFigures({ '/repo/domain/a.ts': file(97, 100, counts(93, 100)) }, '/repo', areas);
    expect(formatArea(domain, 9)).toBe(
      'domain     lines 97.0% (floor 95%), branches 93.0% (floor 90%)  ok    97/100 lines in 1 files; statements 97.0%, functions 100.0%',
    );
    const [low] = areaFigures({ '/repo/domain/a.ts': file(97, 100, counts(89, 100)) }, '/repo', areas);
    expect(formatArea(low, 9)).toContain('branches 89.0% (floor 90%)  LOW ');
  });
});
