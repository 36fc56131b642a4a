// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('runs the work once, after the next frame, not at once', async () => {
    const work = vi.fn();
    afterPaint(work);
    expect(work).not.toHaveBeenCalled();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 1)));
    expect(work).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it by the timer when no frame comes (a hidden tab)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const work = vi.fn();
    afterPaint(work);
    vi.advanceTimersByTime(249);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
