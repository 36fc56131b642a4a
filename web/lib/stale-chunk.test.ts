import { describe, expect, it } from 'vitest';
import { chunkFailureKey, claimStaleChunkReload, currentBuild, isChunkLoadError } from './stale-chunk';

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

describe('chunkFailureKey', () => {
  it('names the build and the chunk the error names', () => {
    const error = new TypeError(
      'Failed to fetch dynamically imported module: http://x/assets/search-page-abc.js',
    );
    expect(chunkFailureKey(error, '/assets/index-1.js')).toBe(
      '/assets/index-1.js http://x/assets/search-page-abc.js',
    );
    expect(chunkFailureKey(new Error('Unable to preload CSS for /assets/a.css'), 'b')).toBe(
      'b /assets/a.css',
    );
  });

  it('falls back on the message when no chunk is named (Safari)', () => {
    expect(chunkFailureKey(new TypeError('Importing a module script failed.'), 'b')).toBe(
      'b Importing a module script failed.',
    );
  });
});

describe('currentBuild', () => {
  it("is the entry script's address, or nothing", () => {
    const doc = { querySelector: () => ({ src: 'http://x/assets/index-abc.js' }) } as unknown as Document;
    expect(currentBuild(doc)).toBe('http://x/assets/index-abc.js');
    expect(currentBuild({ querySelector: () => null } as unknown as Document)).toBe('');
  });
});

describe('claimStaleChunkReload', () => {
  it('allows one reload for a failure, then refuses the same failure while the last one is recent', () => {
    const storage = memoryStorage();
    const t0 = Date.UTC(2026, 10, 25, 9);
    expect(claimStaleChunkReload(storage, 'build-a chunk-1', t0)).toBe(true);
    expect(claimStaleChunkReload(storage, 'build-a chunk-1', t0 + 1_000)).toBe(false);
    expect(claimStaleChunkReload(storage, 'build-a chunk-1', t0 + 4 * 60_000)).toBe(false);
    expect(claimStaleChunkReload(storage, 'build-a chunk-1', t0 + 6 * 60_000)).toBe(true);
  });

  it('allows a second deploy within minutes of the first: another build or another chunk reloads again', () => {
    const storage = memoryStorage();
    const t0 = Date.UTC(2026, 10, 25, 9);
    expect(claimStaleChunkReload(storage, 'build-a chunk-1', t0)).toBe(true);
    expect(claimStaleChunkReload(storage, 'build-b chunk-1', t0 + 60_000)).toBe(true);
    expect(claimStaleChunkReload(storage, 'build-b chunk-2', t0 + 90_000)).toBe(true);
    expect(claimStaleChunkReload(storage, 'build-b chunk-2', t0 + 91_000)).toBe(false);
  });

  it('refuses when storage is refused, so a blocked sessionStorage can never loop', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(claimStaleChunkReload(refusing, 'k')).toBe(false);
  });

  it('ignores a value it cannot read (the old guard stored a bare time)', () => {
    const storage = memoryStorage();
    for (const garbage of ['garbage', String(Date.now()), '{"key":1}', 'null']) {
      storage.setItem('ukds:stale-chunk-reload', garbage);
      expect(claimStaleChunkReload(storage, 'k')).toBe(true);
    }
  });
});
