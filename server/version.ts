/**
 * Which build is running: the version of package.json and the commit it was built from. Said by /healthz,
 * the start-up log line, the `build_info` metric and the OpenAPI document, so an operator (or a support
 * request) can tell which release answered.
 *
 * The commit comes from `GIT_COMMIT` when the environment gives it (the image's build argument), else from
 * the `build-info.json` the server build writes beside the compiled server, else from git in a checkout
 * (`npm run dev`, tests); `unknown` when none of them can tell.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  version: string;
  commit: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The nearest package.json above this module: the project's in a checkout, the release's beside dist-server/. */
function packageVersion(): string {
  for (let dir = here, i = 0; i < 4; dir = path.dirname(dir), i++) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return '0.0.0';
}

function buildCommit(env: NodeJS.ProcessEnv): string {
  const given = env.GIT_COMMIT?.trim();
  if (given && /^[0-9a-f]{7,40}$/i.test(given)) return given.slice(0, 12).toLowerCase();
  const file = path.join(here, 'build-info.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { commit: string }).commit;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: here,
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
      timeout: 2000,
    }).trim();
  } catch {
    return 'unknown';
  }
}

let cached: BuildInfo | undefined;

/** The running build's version and commit (read once). */
export function buildInfo(env: NodeJS.ProcessEnv = process.env): BuildInfo {
  cached ??= { version: packageVersion(), commit: buildCommit(env) };
  return cached;
}
