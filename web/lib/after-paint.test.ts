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

  it('after the frame, waits for the main thread to be idle (a render queued meanwhile goes first)', async () => {
    const order: string[] = [];
    let idle: (() => void) | null = null;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      idle = cb;
      return 1;
    });
    afterPaint(() => order.push('toast'));
    // The action's answer rendered in a timer task, as React Query does.
    setTimeout(() => order.push('render'), 0);
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));
    expect(order).toEqual(['render']);
    expect(idle).not.toBeNull();
    (idle as unknown as () => void)();
    expect(order).toEqual(['render', 'toast']);
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
