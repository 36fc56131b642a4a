import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fetch';
import { lookUpRef } from './ref-lookup';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (refs: string[]) => ({
  // The lookup reads only the refs; the rest of each item is left out here on purpose.
  results: refs.map((ref) => ({ ref, type: 'Birth Certificate' })),
  total: refs.length,
  total_capped: false,
});

describe('lookUpRef', () => {
  it('asks the quick search for the ref and answers the item it means', async () => {
    const requests = stubApi({ '/api/v1/search/simple.json': answer(['100316-1', '100316-2']) });
    expect(await lookUpRef({ kind: 'item', ref: '100316-2' })).toBe('100316-2');
    expect(requests[0]).toMatchObject({ method: 'POST', body: { search: { query: '100316-2' } } });
    expect(await lookUpRef({ kind: 'order', ref: '100316' })).toBe('100316-1');
  });

  it('answers null when the ref is no item and no order', async () => {
    stubApi({ '/api/v1/search/simple.json': answer(['1003161-1']) });
    expect(await lookUpRef({ kind: 'order', ref: '100316' })).toBeNull();
    expect(await lookUpRef({ kind: 'item', ref: '100316-1' })).toBeNull();
  });

  it('lets a failed search fail (the caller says so or falls back to the search page)', async () => {
    stubApi({});
    await expect(lookUpRef({ kind: 'item', ref: '1-1' })).rejects.toThrow();
  });
});
