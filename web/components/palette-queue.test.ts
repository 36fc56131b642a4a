import { describe, expect, it, vi } from 'vitest';
import { PaletteQueue, QUEUE_MS } from './palette-queue';

const chord = (mods: Partial<KeyboardEvent> = {}) => {
  const event = {
    key: 'k',
    ctrlKey: true,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    defaultPrevented: false,
    preventDefault: vi.fn(),
    ...mods,
  };
  return event as unknown as KeyboardEvent & { preventDefault: ReturnType<typeof vi.fn> };
};

describe('PaletteQueue', () => {
  it('opens the palette once the shell attaches, for a chord pressed before it was there', () => {
    const preload = vi.fn();
    const queue = new PaletteQueue(preload);
    const event = chord();
    queue.listener(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(preload).toHaveBeenCalledTimes(1);
    const open = vi.fn();
    queue.attach(open);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens nothing on attach when nothing was asked, or the request is too old', () => {
    const open = vi.fn();
    new PaletteQueue().attach(open);
    const queue = new PaletteQueue();
    queue.request(1_000);
    queue.attach(open, 1_000 + QUEUE_MS);
    expect(open).not.toHaveBeenCalled();
  });

  it('leaves the chord to the shell once attached, and hears it again once the shell has gone', () => {
    const queue = new PaletteQueue();
    const open = vi.fn();
    const detach = queue.attach(open);
    const event = chord({ metaKey: true, ctrlKey: false });
    queue.listener(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    detach();
    queue.listener(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(queue.attached).toBe(false);
  });

  it('ignores other keys and chords already handled', () => {
    const queue = new PaletteQueue();
    const other = chord({ key: 'j' });
    queue.listener(other);
    const handled = chord({ defaultPrevented: true });
    queue.listener(handled);
    expect(other.preventDefault).not.toHaveBeenCalled();
    expect(handled.preventDefault).not.toHaveBeenCalled();
    const open = vi.fn();
    queue.attach(open);
    expect(open).not.toHaveBeenCalled();
  });

  it('a request while attached opens at once', () => {
    const queue = new PaletteQueue();
    const open = vi.fn();
    queue.attach(open);
    queue.request();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
