/**
 * After a deploy, the open tab still names the old build's chunks, which are gone: opening a screen not yet
 * loaded fails to import its code. One full reload fetches the new build. The reload is guarded through
 * sessionStorage so that a chunk that is really broken shows the error once instead of reloading for ever:
 * the guard remembers what failed (the chunk, in the build the page runs), so the same chunk of the same
 * build failing again right after its reload is refused, while another deploy minutes later (a new build,
 * or another chunk) reloads again.
 */

const GUARD_KEY = 'ukds:stale-chunk-reload';
/** Within this long after a guarded reload, the same failure again shows the error instead. */
const GUARD_MS = 5 * 60_000;

/** True for the errors browsers and Vite give when a lazily loaded chunk (script or its CSS) cannot load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    error.message,
  );
}

/**
 * What failed, as the guard tells one failure from another: the build the page runs (its entry script,
 * whose name changes with each build) and the chunk the error names (Safari names none: its message then).
 */
export function chunkFailureKey(error: unknown, build: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const chunk = /(?:https?:\/\/\S+|\/assets\/\S+)/.exec(message)?.[0] ?? message;
  return `${build} ${chunk}`;
}

/** The page's build: the address of its entry script (index-<hash>.js once built). */
export function currentBuild(doc: Pick<Document, 'querySelector'> = document): string {
  return doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
}

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * True, and remembered, when a reload may fix the chunk failure `key` (chunkFailureKey): none was done for
 * that same failure in the last few minutes. False means one was just done and the same chunk of the same
 * build failed again (or storage is refused): show the error.
 */
export function claimStaleChunkReload(storage: GuardStorage, key = '', now: number = Date.now()): boolean {
  try {
    const last = parseGuard(storage.getItem(GUARD_KEY));
    if (last && last.key === key && now - last.at < GUARD_MS) return false;
    storage.setItem(GUARD_KEY, JSON.stringify({ key, at: now }));
    return true;
  } catch {
    return false;
  }
}

function parseGuard(text: string | null): { key: string; at: number } | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { key, at } = value as { key?: unknown; at?: unknown };
    return typeof key === 'string' && typeof at === 'number' && Number.isFinite(at) ? { key, at } : null;
  } catch {
    return null;
  }
}
