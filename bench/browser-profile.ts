/**
 * Summaries of Chromium CPU profiles (the DevTools protocol's `Profiler.stop` answer) for `bench:browser
 * --profile`: self time per function and per source (a package under node_modules, or our own file), mean
 * per profile. When the build has source maps (`npx vite build --sourcemap` after `npm run build`), minified positions are named
 * by the original file, line and function; without them, by the built chunk.
 *
 * Run on its own, it summarizes profiles written earlier: `npx tsx bench/browser-profile.ts DIR [flow]`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  /** µs since the previous sample (the first: since the profile started). */
  timeDeltas: number[];
  /** bench/browser.ts's addition: click → painted on the profile's clock (µs); only samples in it count. */
  window?: { startTime: number; endTime: number };
}

const maps = new Map<string, TraceMap | null>();

/** The source map of a built chunk (`/assets/x.js` → dist/assets/x.js.map), when the build wrote one. */
function mapFor(url: string, distDir: string): TraceMap | null {
  const pathname = url.replace(/^https?:\/\/[^/]+/, '');
  if (!maps.has(pathname)) {
    const file = path.join(distDir, `${pathname}.map`);
    maps.set(pathname, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(pathname) ?? null;
}

/** `function (source:line)` and the source's group: a node_modules package, or the file itself. */
function place(frame: CpuProfile['nodes'][number]['callFrame'], distDir: string) {
  const { functionName, url, lineNumber, columnNumber } = frame;
  if (!url) return { fn: functionName || '(anonymous)', group: functionName || '(native)' };
  const map = mapFor(url, distDir);
  const original =
    map && lineNumber >= 0 ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
  if (!original?.source) {
    const file = url.replace(/^https?:\/\/[^/]+/, '');
    return { fn: `${functionName || '(anonymous)'} (${file}:${lineNumber + 1})`, group: file };
  }
  const source = original.source.replace(/^(\.\.\/)+/, '');
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  return {
    fn: `${original.name ?? functionName ?? '(anonymous)'} (${source}:${original.line})`,
    group: pkg ?? source,
  };
}

/** Lines to print: the busiest functions and sources by self time, in ms per profile. */
/** Only the samples in the profile's `window` when it has one (the flow's click → painted). */
export function summarizeProfiles(profiles: CpuProfile[], distDir: string, top = 20): string[] {
  if (profiles.length === 0) return [];
  const byFn = new Map<string, number>();
  const byGroup = new Map<string, number>();
  let busy = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const { startTime, endTime } = profile.window ?? profile;
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i];
      const frame = nodes.get(id);
      const us = profile.timeDeltas[i + 1] ?? 0;
      if (!frame || frame.functionName === '(idle)' || at < startTime || at > endTime) return;
      const { fn, group } = place(frame, distDir);
      byFn.set(fn, (byFn.get(fn) ?? 0) + us);
      byGroup.set(group, (byGroup.get(group) ?? 0) + us);
      busy += us;
    });
  }
  const ms = (us: number) => (us / 1000 / profiles.length).toFixed(1).padStart(6);
  const list = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${ms(us)} ms  ${name}`);
  return [
    `busy ${ms(busy).trim()} ms per run; by source:`,
    ...list(byGroup, 10).map((l) => `  ${l}`),
    'by function:',
    ...list(byFn, top).map((l) => `  ${l}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, flow] = process.argv.slice(2);
  if (!dir) throw new Error('usage: npx tsx bench/browser-profile.ts DIR [sign_in|open_item|action]');
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && (!flow || f.startsWith(flow)));
  const profiles = files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CpuProfile);
  console.log(`${files.length} profile(s)`);
  for (const line of summarizeProfiles(profiles, 'dist', 30)) console.log(line);
}
