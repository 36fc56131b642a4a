/**
 * The rules of the bulk bar, apart from its buttons: what the selection line says, when an action needs a
 * confirmation, what a result says and which items stay ticked after it (the refused ones, to try again).
 */
import type { BulkAction, BulkResponse, MatchingIds } from '../../domain/contract/lists';
import { BULK_CAP } from '../../domain/contract/lists';

const n = (count: number) => count.toLocaleString('en-GB');
const items = (count: number) => `${n(count)} item${count === 1 ? '' : 's'}`;

/** The verb of each action, for buttons, confirmations and results. */
export const BULK_VERBS: Readonly<Record<BulkAction | 'export', string>> = {
  assign: 'Assign',
  flag: 'Flag',
  unflag: 'Unflag',
  note: 'Add a note to',
  export: 'Export',
};

/** The selection line: "3 selected", or what "select all matching" took when it was used. */
export function selectionText(selected: number, matching: MatchingIds | null): string {
  if (matching?.capped)
    return `${n(selected)} selected: the first ${n(BULK_CAP)} of ${items(matching.total_count)} matching (a bulk action takes at most ${n(BULK_CAP)})`;
  if (matching) return `All ${items(selected)} matching selected`;
  return `${n(selected)} selected`;
}

/** Whether "Select all N matching" is worth offering: the list has more items than are ticked. */
export function offerSelectAll(selected: number, totalCount: number, matching: MatchingIds | null): boolean {
  return matching === null && selected > 0 && totalCount > selected;
}

/**
 * Whether an action must be confirmed first: when the selection reaches past the page on screen ("select
 * all matching"), the user has not seen every item it touches, so the count is stated before anything runs.
 */
export function needsConfirmation(selectedIds: ReadonlySet<number>, pageIds: readonly number[]): boolean {
  const onPage = new Set(pageIds);
  return [...selectedIds].some((id) => !onPage.has(id));
}

/** The confirmation's question: "Flag 240 items?" */
export function confirmationText(action: BulkAction | 'export', count: number): string {
  return `${BULK_VERBS[action]} ${items(count)}?`;
}

/** The result line: "Flag: 3 done, 1 refused." */
export function outcomeText(action: BulkAction, result: BulkResponse): string {
  return `${BULK_VERBS[action]}: ${n(result.done)} done, ${n(result.refused)} refused.`;
}

/** The items still ticked after an action: the refused ones, so they can be looked at or tried again. */
export function stillTicked(result: BulkResponse): Set<number> {
  return new Set(result.results.filter((r) => r.status === 'refused').map((r) => r.id));
}
