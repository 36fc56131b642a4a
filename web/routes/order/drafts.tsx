/**
 * What the user typed into the order page's forms, kept outside the query data: a refetch (live update,
 * reload after a conflict) never touches it, and a panel that unmounts and comes back finds it again.
 * Each draft also remembers the item's lock_version when the user started typing, so an action sent from
 * a form the user filled in before someone else changed the item gets the server's 409, not a silent win.
 */
import { createContext, type ReactNode, use, useCallback, useRef, useState } from 'react';

interface Draft<T> {
  values: T;
  /** The item's lock_version when the user first changed this form; null while untouched. */
  baseLock: number | null;
}

interface Store {
  drafts: Map<string, Draft<unknown>>;
  /** lock_version → the one this page's own successful action turned it into. */
  own: Map<number, number>;
}

const DraftContext = createContext<Store | null>(null);

/** One store per item: render it with `key={item key}` so another item starts clean. */
export function DraftProvider({ children }: { children: ReactNode }) {
  const store = useRef<Store>({ drafts: new Map(), own: new Map() });
  return <DraftContext value={store.current}>{children}</DraftContext>;
}

function useStore(): Store {
  const store = use(DraftContext);
  if (!store) throw new Error('Drafts need a <DraftProvider>.');
  return store;
}

/**
 * Remembers that this page itself moved the item from one lock_version to the next, so a form the user
 * started before (say) flagging the item is not mistaken for working from someone else's stale copy.
 */
export function useRecordOwnChange(): (from: number, to: number) => void {
  const store = useStore();
  return useCallback((from, to) => store.own.set(from, to), [store]);
}

/** A lock_version moved forward through this page's own changes only. */
function throughOwnChanges(store: Store, version: number): number {
  let v = version;
  for (let hops = 0; store.own.has(v) && hops < 1000; hops++) v = store.own.get(v) ?? v;
  return v;
}

export interface DraftHandle<T> {
  values: T;
  /** Changes some fields; the first change remembers the lock_version the user is working from. */
  set: (patch: Partial<T>) => void;
  /** The lock_version to send: the one the user started from (plus this page's own changes), else the current one. */
  lockFor: (current: number) => number;
  /** After a success: back to the initial values. */
  reset: () => void;
  /** After a conflict: keep the text, work from the reloaded item next time. */
  rebase: () => void;
  dirty: boolean;
}

/** A form's state, by a key unique on the page (e.g. 'escalate'). */
export function useDraft<T extends object>(key: string, initial: T, currentLock: number): DraftHandle<T> {
  const store = useStore();
  const initialRef = useRef(initial);
  const [draft, setDraft] = useState<Draft<T>>(
    () => (store.drafts.get(key) as Draft<T> | undefined) ?? { values: initial, baseLock: null },
  );
  const lockRef = useRef(currentLock);
  lockRef.current = currentLock;

  const update = useCallback(
    (next: (d: Draft<T>) => Draft<T>) =>
      setDraft((prev) => {
        const value = next(prev);
        store.drafts.set(key, value);
        return value;
      }),
    [key, store],
  );

  const set = useCallback(
    (patch: Partial<T>) =>
      update((d) => ({ values: { ...d.values, ...patch }, baseLock: d.baseLock ?? lockRef.current })),
    [update],
  );
  const reset = useCallback(() => update(() => ({ values: initialRef.current, baseLock: null })), [update]);
  const rebase = useCallback(() => update((d) => ({ ...d, baseLock: null })), [update]);

  return {
    values: draft.values,
    set,
    lockFor: (current) => (draft.baseLock === null ? current : throughOwnChanges(store, draft.baseLock)),
    reset,
    rebase,
    dirty: draft.baseLock !== null,
  };
}
