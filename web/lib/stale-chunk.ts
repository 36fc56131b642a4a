/**
 * After a deploy, the open tab still names the old build's chunks, which are gone: opening a screen not yet
 * loaded fails to import its code. One full reload fetches the new build. The reload is guarded through
 * sessionStorage so that a chunk that is really broken shows the error once instead of reloading for ever.
 */

const GUARD_KEY = 'ukds:stale-chunk-reload';
/** Within this long after a guarded reload, another failing import shows the error instead. */
const GUARD_MS = 5 * 60_000;

/** True for the errors browsers and Vite give when a lazily loaded chunk (script or its CSS) cannot load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    error.message,
  );
}

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * True, and remembered, when a reload may fix a chunk that failed: none was done for that in the last few
 * minutes. False means one was just done and failed again (or storage is refused): show the error.
 */
export function claimStaleChunkReload(storage: GuardStorage, now: number = Date.now()): boolean {
  try {
    const last = Number(storage.getItem(GUARD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < GUARD_MS) return false;
    storage.setItem(GUARD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}
