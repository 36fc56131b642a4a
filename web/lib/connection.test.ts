// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { ConnectionState, isGatewayFailure, watchBrowserNetwork } from './connection';

describe('ConnectionState', () => {
  it('tells subscribers of each change once, however often the same state is reported', () => {
    const state = new ConnectionState();
    const changed = vi.fn();
    state.subscribe(changed);
    state.reportBack();
    expect(changed).not.toHaveBeenCalled();
    state.reportLost();
    state.reportLost();
    expect(state.isLost()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);
    state.reportBack();
    state.reportBack();
    expect(state.isLost()).toBe(false);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('calls the way-back listeners only after a loss, and not after they unsubscribe', () => {
    const state = new ConnectionState();
    const back = vi.fn();
    const stop = state.onBack(back);
    state.reportBack();
    expect(back).not.toHaveBeenCalled();
    state.reportLost();
    state.reportBack();
    expect(back).toHaveBeenCalledTimes(1);
    stop();
    state.reportLost();
    state.reportBack();
    expect(back).toHaveBeenCalledTimes(1);
  });
});

describe('isGatewayFailure', () => {
  it.each([
    [500, false],
    [501, false],
    [502, true],
    [503, true],
    [504, true],
    [404, false],
  ])('%i → %s', (status, expected) => expect(isGatewayFailure(status)).toBe(expected));
});

describe('watchBrowserNetwork', () => {
  it('is lost when the browser goes offline, and back online once the server answers', async () => {
    const state = new ConnectionState();
    const stop = watchBrowserNetwork(state);
    const fetchMock = vi.fn(async () => new Response('ok'));
    vi.stubGlobal('fetch', fetchMock);
    try {
      window.dispatchEvent(new Event('offline'));
      expect(state.isLost()).toBe(true);
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(state.isLost()).toBe(false));
      expect(fetchMock).toHaveBeenCalledWith('/healthz', { cache: 'no-store' });
      stop();
      window.dispatchEvent(new Event('offline'));
      expect(state.isLost()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stays lost when the browser is online but the server does not answer', async () => {
    const state = new ConnectionState();
    const stop = watchBrowserNetwork(state);
    const fetchMock = vi.fn(async () => new Response('down', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await Promise.resolve();
      expect(state.isLost()).toBe(true);
    } finally {
      stop();
      vi.unstubAllGlobals();
    }
  });
});
