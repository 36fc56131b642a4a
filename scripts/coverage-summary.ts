/**
 * Prints one line per coverage area (vitest.config.ts, COVERAGE_AREAS) from the json-summary that
 * `vitest run --coverage` writes: lines against the area's floor, with statements, branches and functions
 * beside them. Vitest itself fails the run under a floor; this only makes the figures easy to read at the end
 * of `npm test`. Exits 1 when the summary is missing or an area is under its floor.
 *   node --import tsx scripts/coverage-summary.ts [coverage/coverage-summary.json]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COVERAGE_AREAS } from '../vitest.config';

interface Counts {
  total: number;
  covered: number;
}
const METRICS = ['lines', 'statements', 'branches', 'functions'] as const;
type Metric = (typeof METRICS)[number];
type FileSummary = Record<Metric, Counts>;

/** One area's totals, added up over its files, and whether its lines meet the floor. */
export interface AreaFigures {
  name: string;
  files: number;
  floor: number;
  totals: Record<Metric, Counts>;
  ok: boolean;
}

/** Percentage to one decimal, rounded down so a figure never shows a floor as met when it is not. */
export function percent({ total, covered }: Counts): number {
  return total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10;
}

/** Adds up the summary's files by area: a file belongs to an area when it is a .ts module under its folder. */
export function areaFigures(
  summary: Record<string, FileSummary>,
  root: string,
  areas: readonly { name: string; dir: string; lines: number }[],
): AreaFigures[] {
  return areas.map((area) => {
    const totals = Object.fromEntries(METRICS.map((m) => [m, { total: 0, covered: 0 }])) as Record<
      Metric,
      Counts
    >;
    let files = 0;
    for (const [file, figures] of Object.entries(summary)) {
      if (file === 'total') continue;
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (!rel.startsWith(`${area.dir}/`) || !rel.endsWith('.ts')) continue;
      files += 1;
      for (const m of METRICS) {
        totals[m].total += figures[m].total;
        totals[m].covered += figures[m].covered;
      }
    }
    // Vitest compares the unrounded ratio with the floor; so does this.
    const lines = totals.lines.total === 0 ? 100 : (totals.lines.covered / totals.lines.total) * 100;
    return { name: area.name, files, floor: area.lines, totals, ok: lines >= area.lines };
  });
}

/** The printed line of one area, e.g. `domain     lines 97.2% (floor 95%)  ok  ...`. */
export function formatArea(area: AreaFigures, width: number): string {
  const lines = `lines ${percent(area.totals.lines).toFixed(1)}% (floor ${area.floor}%)`;
  const rest = (['statements', 'branches', 'functions'] as const)
    .map((m) => `${m} ${percent(area.totals[m]).toFixed(1)}%`)
    .join(', ');
  const { covered, total } = area.totals.lines;
  return `${area.name.padEnd(width)}  ${lines}  ${area.ok ? 'ok  ' : 'LOW '}  ${covered}/${total} lines in ${area.files} files; ${rest}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? 'coverage/coverage-summary.json';
  if (!existsSync(file)) {
    console.error(`No coverage summary at ${file}: run \`vitest run --coverage\` first.`);
    process.exit(1);
  }
  const summary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, FileSummary>;
  const figures = areaFigures(summary, process.cwd(), COVERAGE_AREAS);
  const width = Math.max(...figures.map((f) => f.name.length));
  console.log('\nCoverage by area:');
  for (const area of figures) console.log(`  ${formatArea(area, width)}`);
  if (figures.some((f) => !f.ok)) process.exit(1);
}
