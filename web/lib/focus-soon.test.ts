import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusSoon } from './focus-soon';

// Animation frames run by hand: each call of `frame()` runs the callbacks queued so far.
let queued: FrameRequestCallback[] = [];
const frame = () => {
  const now = queued;
  queued = [];
  for (const cb of now) cb(0);
};

beforeEach(() => {
  queued = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => queued.push(cb));
});
afterEach(() => vi.unstubAllGlobals());

const element = () => ({ focus: vi.fn(), scrollIntoView: vi.fn() }) as unknown as HTMLElement;

describe('focusSoon', () => {
  it('focuses the element once it appears, and scrolls it into view', () => {
    let field: HTMLElement | null = null;
    focusSoon(() => field);
    frame();
    frame();
    field = element();
    frame();
    expect(field.focus).toHaveBeenCalledWith({ preventScroll: false });
    expect(field.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });
    expect(queued).toHaveLength(0);
  });

  it('can leave the scrolling alone', () => {
    const field = element();
    focusSoon(() => field, { scroll: false });
    frame();
    expect(field.focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(field.scrollIntoView).not.toHaveBeenCalled();
  });

  it('gives up after its frames when the element never comes', () => {
    const find = vi.fn(() => null);
    focusSoon(find, { frames: 3 });
    for (let i = 0; i < 6; i++) frame();
    expect(find).toHaveBeenCalledTimes(3);
  });
});
