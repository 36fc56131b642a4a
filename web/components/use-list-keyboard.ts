/**
 * The keyboard in a list (issue 18): j / k (and ArrowDown / ArrowUp while the table has focus) move a visible
 * focus row, Enter on it opens the item, x ticks it for a bulk action. The rows use a roving tabindex: the
 * focus row is the one row in the Tab order and takes real focus, so screen readers follow it. Keys are left
 * alone while the user types in a field, holds a modifier, or has a dialog open.
 */
import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';

export type ListKeyAction = 'next' | 'prev' | 'open' | 'tick';

/** True for an element the user types into: the list's keys are letters and must reach it. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  return (
    el.isContentEditable ||
    el.closest(
      'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea, select, [role="combobox"]',
    ) !== null
  );
}

/** True while a modal dialog (Mantine's modals, a confirmation) is open: the list is not what the user sees. */
export function dialogOpen(doc: Document): boolean {
  return doc.querySelector('[role="dialog"][aria-modal="true"], .mantine-Modal-content') !== null;
}

/**
 * What a key press means to a list: `onRow` when focus is on one of its rows, `inTable` when focus is
 * anywhere inside the table. j/k and x work from anywhere on the page; arrows only inside the table (they
 * scroll the page elsewhere); Enter only on a row (on a link or button it is theirs).
 */
export function listKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  where: { inTable: boolean; onRow: boolean },
): ListKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'prev';
    case 'ArrowDown':
      return where.inTable ? 'next' : null;
    case 'ArrowUp':
      return where.inTable ? 'prev' : null;
    case 'Enter':
      return where.onRow ? 'open' : null;
    case 'x':
      return 'tick';
    default:
      return null;
  }
}

/** The row a move lands on: the first one when none has focus yet, never past either end. */
export function movedIndex(current: number, action: 'next' | 'prev', count: number): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return 0;
  return action === 'next' ? Math.min(count - 1, current + 1) : Math.max(0, current - 1);
}

interface ListKeyboardOptions<T> {
  rows: readonly T[];
  tableRef: RefObject<HTMLTableElement | null>;
  onOpen: (row: T) => void;
  /** Ticks or unticks the row; absent when the list has no tick boxes. */
  onTick?: (row: T) => void;
  enabled?: boolean;
}

/**
 * The focus row, kept outside React state: clicking a row's link or tick box focuses the row, and as state of
 * the list that re-rendered all of its (up to 100) rows before the click could navigate (35–170 ms,
 * bench/browser.ts). Each row subscribes to whether it is the focus row, so a move re-renders the two rows
 * concerned.
 */
export interface FocusRow {
  get(): number;
  set(index: number): void;
  subscribe(listener: () => void): () => void;
}

function createFocusRow(): FocusRow {
  let active = -1;
  const listeners = new Set<() => void>();
  return {
    get: () => active,
    set: (index) => {
      if (index === active) return;
      active = index;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The list's focus row and the keys that move it; render each row with `KeyboardRow`. */
export function useListKeyboard<T>({
  rows,
  tableRef,
  onOpen,
  onTick,
  enabled = true,
}: ListKeyboardOptions<T>): FocusRow {
  const [focus] = useState(createFocusRow);
  const count = rows.length;
  // A new page or a refetch may have fewer rows: keep the focus row inside the list.
  useEffect(() => {
    if (focus.get() >= count) focus.set(count - 1);
  }, [focus, count]);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target) || dialogOpen(document)) return;
      const table = tableRef.current;
      if (!table || table.offsetParent === null) return;
      const target = event.target as Element | null;
      const inTable = !!target && table.contains(target);
      const onRow = inTable && target?.matches('tbody tr[data-row]') === true;
      const action = listKeyAction(event, { inTable, onRow });
      if (!action) return;
      const active = focus.get();
      if (action === 'next' || action === 'prev') {
        event.preventDefault();
        const index = movedIndex(active, action, count);
        focus.set(index);
        table.querySelectorAll<HTMLElement>('tbody tr[data-row]')[index]?.focus();
      } else if (action === 'open' && rows[active]) {
        event.preventDefault();
        onOpen(rows[active]);
      } else if (action === 'tick' && onTick && rows[active]) {
        event.preventDefault();
        onTick(rows[active]);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, tableRef, focus, count, rows, onOpen, onTick]);

  return focus;
}

/** 2: the focus row; 1: the row in the Tab order while no row has focus yet (the first); 0: any other. */
export function useRowFocusState(focus: FocusRow, index: number): 0 | 1 | 2 {
  return useSyncExternalStore(focus.subscribe, () => {
    const active = focus.get();
    if (active === index) return 2;
    return Math.max(active, 0) === index ? 1 : 0;
  });
}
