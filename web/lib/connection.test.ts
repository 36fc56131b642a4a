import { describe, expect, it, vi } from 'vitest';
import { ConnectionState, isGatewayFailure } from './connection';

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
