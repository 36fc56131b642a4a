/**
 * The actions the screens offer the command palette and the keyboard: each mounted component that calls
 * useScreenActions owns one slot. Re-rendering with the same actions (same ids, labels, keys) only swaps in
 * the fresh `run` functions without telling anyone, so a screen can pass a new array on every render without
 * re-rendering the palette in a loop.
 */

/** One thing the user can do on the current screen. */
export interface ScreenAction {
  /** Unique on the screen, e.g. "panel:dispatch". */
  id: string;
  /** What the palette shows, e.g. "Open the Dispatch panel". */
  label: string;
  /** Other words that find it ("despatch", "send"). */
  keywords?: readonly string[];
  /** A single key that runs it outside a field (the order page's keys), shown beside it. */
  shortcut?: string;
  /** Higher comes first in the palette (default 0), whatever order the components registered in. */
  priority?: number;
  run: () => void;
}

type Listener = () => void;

/** What decides whether the palette must re-render: everything but the functions. */
const signature = (actions: readonly ScreenAction[]) =>
  JSON.stringify(
    actions.map(({ id, label, keywords, shortcut, priority }) => [id, label, keywords, shortcut, priority]),
  );

export interface ScreenActionsStore {
  /** Puts (or replaces) the actions of one owner. */
  set(owner: symbol, actions: readonly ScreenAction[]): void;
  remove(owner: symbol): void;
  /** Every action, in the order the owners registered; the same array until something visible changes. */
  getSnapshot(): readonly ScreenAction[];
  subscribe(listener: Listener): () => void;
  /** The action a key runs, if any (the latest registered wins). */
  byShortcut(key: string): ScreenAction | undefined;
}

export function createScreenActionsStore(): ScreenActionsStore {
  const slots = new Map<symbol, { actions: readonly ScreenAction[]; signature: string }>();
  const listeners = new Set<Listener>();
  let snapshot: readonly ScreenAction[] = [];

  // The snapshot's entries call the owner's latest `run`, so a re-render with fresh closures needs no new
  // snapshot (and no re-render of the palette).
  const latest = (owner: symbol, id: string) => slots.get(owner)?.actions.find((a) => a.id === id);
  const rebuild = () => {
    snapshot = [...slots.entries()].flatMap(([owner, slot]) =>
      slot.actions.map((a) => ({ ...a, run: () => latest(owner, a.id)?.run() })),
    );
  };
  const emit = () => {
    for (const l of listeners) l();
  };

  return {
    set(owner, actions) {
      const next = signature(actions);
      const changed = slots.get(owner)?.signature !== next;
      slots.set(owner, { actions, signature: next });
      if (!changed) return;
      rebuild();
      emit();
    },
    remove(owner) {
      if (!slots.delete(owner)) return;
      rebuild();
      emit();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    byShortcut: (key) => snapshot.findLast((a) => a.shortcut === key),
  };
}
