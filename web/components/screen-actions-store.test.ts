import { describe, expect, it, vi } from 'vitest';
import { createScreenActionsStore } from './screen-actions-store';

describe('createScreenActionsStore', () => {
  it('lists the actions of every owner in the order they came, and forgets an owner that leaves', () => {
    const store = createScreenActionsStore();
    const page = Symbol('page');
    const header = Symbol('header');
    store.set(page, [{ id: 'a', label: 'A', run: () => {} }]);
    store.set(header, [{ id: 'b', label: 'B', run: () => {} }]);
    expect(store.getSnapshot().map((a) => a.id)).toEqual(['a', 'b']);
    store.remove(page);
    expect(store.getSnapshot().map((a) => a.id)).toEqual(['b']);
  });

  it('tells listeners only when something visible changes, yet always runs the latest function', () => {
    const store = createScreenActionsStore();
    const owner = Symbol('owner');
    const listener = vi.fn();
    store.subscribe(listener);
    const first = vi.fn();
    const second = vi.fn();

    store.set(owner, [{ id: 'flag', label: 'Flag this item', shortcut: 'f', run: first }]);
    expect(listener).toHaveBeenCalledTimes(1);
    const snapshot = store.getSnapshot();

    // A re-render with a fresh closure: no new snapshot, no re-render of the palette.
    store.set(owner, [{ id: 'flag', label: 'Flag this item', shortcut: 'f', run: second }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(snapshot);
    snapshot[0].run();
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();

    // A new label is news.
    store.set(owner, [{ id: 'flag', label: 'Unflag this item', shortcut: 'f', run: second }]);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()[0].label).toBe('Unflag this item');
  });

  it('finds the action a key runs, the latest registered first', () => {
    const store = createScreenActionsStore();
    const a = vi.fn();
    const b = vi.fn();
    store.set(Symbol('one'), [{ id: 'x', label: 'X', shortcut: 'f', run: a }]);
    store.set(Symbol('two'), [{ id: 'y', label: 'Y', shortcut: 'f', run: b }]);
    store.byShortcut('f')?.run();
    expect(b).toHaveBeenCalled();
    expect(a).not.toHaveBeenCalled();
    expect(store.byShortcut('z')).toBeUndefined();
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = createScreenActionsStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.set(Symbol('o'), [{ id: 'a', label: 'A', run: () => {} }]);
    expect(listener).not.toHaveBeenCalled();
    store.remove(Symbol('unknown'));
  });
});
