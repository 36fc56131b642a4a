import { describe, expect, it } from 'vitest';
import { claimStaleChunkReload, isChunkLoadError } from './stale-chunk';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('isChunkLoadError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: http://x/assets/search-page-abc.js', true],
    ['error loading dynamically imported module: http://x/assets/a.js', true],
    ['Importing a module script failed.', true],
    ['Unable to preload CSS for /assets/a.css', true],
    ['Cannot read properties of undefined', false],
  ])('%s → %s', (message, expected) => expect(isChunkLoadError(new TypeError(message))).toBe(expected));

  it('is false for anything that is not an Error', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('claimStaleChunkReload', () => {
  it('allows one reload, then refuses while the last one is recent, then allows again', () => {
    const storage = memoryStorage();
    const t0 = Date.UTC(2026, 10, 25, 9);
    expect(claimStaleChunkReload(storage, t0)).toBe(true);
    expect(claimStaleChunkReload(storage, t0 + 1_000)).toBe(false);
    expect(claimStaleChunkReload(storage, t0 + 4 * 60_000)).toBe(false);
    expect(claimStaleChunkReload(storage, t0 + 6 * 60_000)).toBe(true);
  });

  it('refuses when storage is refused, so a blocked sessionStorage can never loop', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(claimStaleChunkReload(refusing)).toBe(false);
  });

  it('ignores a value it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('ukds:stale-chunk-reload', 'garbage');
    expect(claimStaleChunkReload(storage)).toBe(true);
  });
});
