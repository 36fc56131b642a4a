import { describe, expect, it } from 'vitest';
import { consoleProgress } from './progress';

function capture(isTTY: boolean) {
  const written: string[] = [];
  let t = 0;
  const report = consoleProgress({ isTTY, write: (text: string) => written.push(text) }, () => t);
  return {
    written,
    report,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('seeding progress line', () => {
  it('rewrites one line on a terminal and ends it with the time taken', () => {
    const c = capture(true);
    for (const f of [0, 0.004, 0.4, 0.4, 1]) c.report(f);
    c.advance(0);
    expect(c.written.join('')).toBe(
      '\rSeeding demo data… 0 %\rSeeding demo data… 40 %\rSeeding demo data… 100 % (0.0 s)\n',
    );
  });

  it('writes a few whole lines to a log', () => {
    const c = capture(false);
    c.report(0);
    c.report(0.3);
    c.report(0.6);
    c.report(0.9);
    c.advance(1500);
    c.report(1);
    expect(c.written).toEqual([
      'Seeding demo data… 0 %\n',
      'Seeding demo data… 50 %\n',
      'Seeding demo data… done in 1.5 s\n',
    ]);
  });
});
