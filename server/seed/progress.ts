/**
 * The console line of the first start while the demo is seeded: one line rewritten in place on a terminal
 * ("Seeding demo data… 40 %"), a few plain lines when the output is a file or a pipe (no \r noise in logs).
 */
import type { SeedProgress } from './demo';

interface Output {
  isTTY?: boolean;
  write(text: string): unknown;
}

export function consoleProgress(out: Output = process.stdout, clock: () => number = () => performance.now()) {
  const started = clock();
  let shown = -1;
  const report: SeedProgress = (fraction) => {
    const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
    const done = percent === 100;
    if (out.isTTY) {
      if (percent === shown) return;
      out.write(`\rSeeding demo data… ${percent} %`);
      if (done) out.write(` (${((clock() - started) / 1000).toFixed(1)} s)\n`);
    } else {
      // Start, halfway and done are enough for a log.
      const step = done ? 100 : percent >= 50 ? 50 : 0;
      if (step === shown) return;
      out.write(
        done
          ? `Seeding demo data… done in ${((clock() - started) / 1000).toFixed(1)} s\n`
          : `Seeding demo data… ${step} %\n`,
      );
      shown = step;
      return;
    }
    shown = percent;
  };
  return report;
}
