/**
 * The registry of the current screen's actions, a React context in the app shell: any page calls
 * `useScreenActions([...])` with what it offers now; the command palette lists them first ("Actions on this
 * screen") and the keyboard runs those with a `shortcut`. Unmounting the page removes its actions.
 */
import { createContext, type ReactNode, use, useEffect, useState, useSyncExternalStore } from 'react';
import { createScreenActionsStore, type ScreenAction, type ScreenActionsStore } from './screen-actions-store';

export type { ScreenAction } from './screen-actions-store';

const ScreenActionsContext = createContext<ScreenActionsStore | null>(null);

export function ScreenActionsProvider({
  store,
  children,
}: {
  store: ScreenActionsStore;
  children: ReactNode;
}) {
  return <ScreenActionsContext value={store}>{children}</ScreenActionsContext>;
}

/** The store of the shell (one per signed-in app). */
export function useNewScreenActionsStore(): ScreenActionsStore {
  const [store] = useState(createScreenActionsStore);
  return store;
}

function useStore(): ScreenActionsStore {
  const store = use(ScreenActionsContext);
  if (!store) throw new Error('useScreenActions needs the app shell (<ScreenActionsProvider>).');
  return store;
}

/**
 * Offers the actions to the palette and the keyboard while the calling component is mounted. Pass what the
 * screen offers now (recomputed each render is fine: only a change of ids, labels or keys re-renders the
 * palette, and `run` is always the latest).
 */
export function useScreenActions(actions: readonly ScreenAction[]): void {
  const store = useStore();
  const [owner] = useState(() => Symbol('screen-actions'));
  useEffect(() => {
    store.set(owner, actions);
  });
  useEffect(() => () => store.remove(owner), [store, owner]);
}

/** Every action of the current screen, for the palette. */
export function useScreenActionList(): readonly ScreenAction[] {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
