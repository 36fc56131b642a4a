/**
 * Prints one line per coverage area (vitest.config.ts, COVERAGE_AREAS) from the json-summary that
 * `vitest run --coverage` writes: lines and branches, each against the area's floor where it has one, with
 * statements and functions beside them. Vitest itself fails the run under a floor; this only makes the
 * figures easy to read at the end of `npm test`. Exits 1 when the summary is missing or an area is under one
 * of its floors.
 *   node --import tsx scripts/coverage-summary.ts [coverage/coverage-summary.json]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { COVERAGE_AREAS, type CoverageArea } from '../vitest.config';

interface Counts {
  total: number;
  covered: number;
}
const METRICS = ['lines', 'statements', 'branches', 'functions'] as const;
type Metric = (typeof METRICS)[number];
type FileSummary = Record<Metric, Counts>;

/** The measures an area can have a floor for. */
const FLOORED = ['lines', 'branches'] as const;
type Floored = (typeof FLOORED)[number];

/** One area's totals, added up over its files, and whether they meet its floors. */
export interface AreaFigures {
  name: string;
  files: number;
  /** The area's floors in %: lines always, branches when it has one. */
  floors: Partial<Record<Floored, number>>;
  totals: Record<Metric, Counts>;
  /** Every floor met. */
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
  areas: readonly CoverageArea[],
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
    const floors: AreaFigures['floors'] = { lines: area.lines };
    if (area.branches !== undefined) floors.branches = area.branches;
    // Vitest compares the unrounded ratio with the floor; so does this.
    const ratio = ({ covered, total }: Counts) => (total === 0 ? 100 : (covered / total) * 100);
    const ok = FLOORED.every((m) => {
      const floor = floors[m];
      return floor === undefined || ratio(totals[m]) >= floor;
    });
    return { name: area.name, files, floors, totals, ok };
  });
}

/**
 * The printed line of one area, e.g.
 * `domain  lines 97.2% (floor 95%), branches 93.0% (floor 90%)  ok    …; statements 97.0%, functions 98.0%`:
 * the measures with a floor first, the others after the counts.
 */
export function formatArea(area: AreaFigures, width: number): string {
  const floored = FLOORED.filter((m) => area.floors[m] !== undefined)
    .map((m) => `${m} ${percent(area.totals[m]).toFixed(1)}% (floor ${area.floors[m]}%)`)
    .join(', ');
  const rest = METRICS.filter((m) => !(m in area.floors))
    .map((m) => `${m} ${percent(area.totals[m]).toFixed(1)}%`)
    .join(', ');
  const { covered, total } = area.totals.lines;
  return `${area.name.padEnd(width)}  ${floored}  ${area.ok ? 'ok  ' : 'LOW '}  ${covered}/${total} lines in ${area.files} files; ${rest}`;
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
