/** Whole-list reordering on the client: what a drop or a move button makes of the list's ids. */
import { useCallback, useState } from 'react';
import type { Move } from '../../../domain/contract/reference';

/** The ids with the one at `from` moved to `to` (both indexes into the list). */
export function movedIds(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** Where a move button sends the item at `from` in a list of `count` (past an end it stays put). */
export function moveTarget(move: Move, from: number, count: number): number {
  return {
    move_to_top: 0,
    move_up: Math.max(0, from - 1),
    move_down: Math.min(count - 1, from + 1),
    move_to_bottom: count - 1,
  }[move];
}

/** The items in the order of `ids` (the optimistic view while a reorder is saved). */
export function inOrder<T extends { id: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Which row of a sortable list is being edited (dragging waits until it is saved or cancelled). `onEditing`
 * keeps one identity, so a row can report its state from an effect.
 */
export function useEditingRow() {
  const [editingId, setEditingId] = useState<number | null>(null);
  const onEditing = useCallback(
    (id: number, editing: boolean) =>
      setEditingId((current) => (editing ? id : current === id ? null : current)),
    [],
  );
  return { anyEditing: editingId !== null, onEditing };
}
