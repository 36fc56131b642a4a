/**
 * The rules of the bulk bar, apart from its buttons: what the selection line says, when an action needs a
 * confirmation, what a result says and which items stay ticked after it (the refused ones, to try again), and
 * the bar's state as a reducer (what waits in the dialog, the last result, the dialog's fields).
 */
import type { BulkAction, BulkRequest, BulkResponse, MatchingIds } from '../../domain/contract/lists';
import { BULK_CAP } from '../../domain/contract/lists';
import type { ScreenAction } from './screen-actions-store';

const n = (count: number) => count.toLocaleString('en-GB');
const items = (count: number) => `${n(count)} item${count === 1 ? '' : 's'}`;

/** The verb of each action, for buttons, confirmations and results. */
export const BULK_VERBS: Readonly<Record<BulkKind, string>> = {
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
export function confirmationText(action: BulkKind, count: number): string {
  return `${BULK_VERBS[action]} ${items(count)}?`;
}

/** The result line: "Flag: 3 done, 1 refused." */
export function outcomeText(action: BulkAction, result: BulkResponse): string {
  return `${BULK_VERBS[action]}: ${n(result.done)} done, ${n(result.refused)} refused.`;
}

/**
 * What the Undo toast says an action did: the items it changed (done without "nothing changed"), e.g.
 * "Assigned 3 items to Alice Orderer." or "Flagged 1 item.".
 */
export function undoableText(action: BulkAction, result: BulkResponse, orderer: string | null): string {
  const changed = result.results.filter((r) => r.status === 'done' && r.message === null).length;
  switch (action) {
    case 'assign':
      return `Assigned ${items(changed)} to ${orderer ?? 'the orderer'}.`;
    case 'flag':
      return `Flagged ${items(changed)}.`;
    case 'unflag':
      return `Unflagged ${items(changed)}.`;
    case 'note':
      return `Added a note to ${items(changed)}.`;
  }
}

/** The items still ticked after an action: the refused ones, so they can be looked at or tried again. */
export function stillTicked(result: BulkResponse): Set<number> {
  return new Set(result.results.filter((r) => r.status === 'refused').map((r) => r.id));
}

/** An action of the bar: the bulk actions, and the CSV export. */
export type BulkKind = BulkAction | 'export';

/**
 * What waits for the user's go in the dialog: an action, whether its count must be stated first (it reaches
 * past the page on screen), and whether the orderer was chosen before it opened (in the command palette).
 */
export type Pending =
  | { kind: 'assign' | 'note'; confirm: boolean; preselected: boolean }
  | { kind: 'flag' | 'unflag' | 'export'; confirm: true; preselected: false };

/** The bar's state apart from the ticks (the list's) and the calls (TanStack Query's). */
export interface BulkState {
  /** What "select all matching" took, while the selection is still that. */
  matching: MatchingIds | null;
  pending: Pending | null;
  /** The last action's result, until dismissed or another action starts. */
  outcome: { action: BulkAction; result: BulkResponse } | null;
  /** The dialog's fields: kept when it closes, so reopening finds them. */
  ordererId: string | null;
  note: string;
}

export const INITIAL_BULK: BulkState = {
  matching: null,
  pending: null,
  outcome: null,
  ordererId: null,
  note: '',
};

export type BulkEvent =
  /** An action's button (or its palette entry, with the orderer chosen there); `confirm`: it must be asked. */
  | { type: 'start'; kind: BulkKind; confirm: boolean; orderer?: number }
  | { type: 'matched'; found: MatchingIds }
  | { type: 'cleared' }
  | { type: 'done'; action: BulkAction; result: BulkResponse }
  | { type: 'closed' }
  | { type: 'dismissed' }
  | { type: 'orderer'; id: string | null }
  | { type: 'note'; text: string };

/** The bar's state after an event. */
export function bulkReducer(state: BulkState, event: BulkEvent): BulkState {
  switch (event.type) {
    case 'start': {
      const preselected = event.orderer !== undefined;
      const ordererId = preselected ? String(event.orderer) : state.ordererId;
      const { kind, confirm } = event;
      // Assign and note always ask (for the orderer, the text); the others only to state the count.
      const pending: Pending | null =
        kind === 'assign' || kind === 'note'
          ? { kind, confirm, preselected: preselected && kind === 'assign' }
          : confirm
            ? { kind, confirm: true, preselected: false }
            : null;
      return { ...state, outcome: null, ordererId, pending };
    }
    case 'matched':
      return { ...state, matching: event.found };
    case 'cleared':
      return { ...state, matching: null };
    case 'done':
      return {
        ...state,
        outcome: { action: event.action, result: event.result },
        pending: null,
        note: '',
        matching: null,
      };
    case 'closed':
      return { ...state, pending: null };
    case 'dismissed':
      return { ...state, outcome: null };
    case 'orderer':
      return { ...state, ordererId: event.id };
    case 'note':
      return { ...state, note: event.text };
  }
}

/** Whether the dialog's action can go: an orderer chosen to assign, some text to note. */
export function readyToGo(state: BulkState): boolean {
  if (state.pending?.kind === 'assign') return state.ordererId !== null;
  if (state.pending?.kind === 'note') return state.note.trim() !== '';
  return true;
}

/** The call the dialog's go makes for the selected ids (null: export, or nothing to send yet). */
export function pendingRequest(state: BulkState, ids: number[]): BulkRequest | null {
  const kind = state.pending?.kind;
  if (!kind || kind === 'export' || !readyToGo(state)) return null;
  if (kind === 'assign')
    return { bulk: { action: 'assign', order_item_ids: ids, orderer_id: Number(state.ordererId) } };
  if (kind === 'note') return { bulk: { action: 'note', order_item_ids: ids, body: state.note.trim() } };
  return { bulk: { action: kind, order_item_ids: ids } };
}

/**
 * The bulk bar's actions in the command palette while items are ticked: "Assign 2 selected to Bob…" (one per
 * orderer, admins), flag, unflag, note, export, select all matching and clear. Each opens the same dialog or
 * runs the same call as its button.
 */
export function paletteActions(input: {
  count: number;
  admin: boolean;
  orderers: readonly { id: number; name: string }[];
  selectAll: number | null;
  start: (kind: BulkKind, orderer?: number) => void;
  selectAllMatching: () => void;
  clear: () => void;
}): ScreenAction[] {
  const { count, start } = input;
  if (count === 0) return [];
  const n = `${count.toLocaleString('en-GB')} selected`;
  return [
    ...(input.admin
      ? input.orderers.map((o) => ({
          id: `bulk:assign:${o.id}`,
          label: `Assign ${n} to ${o.name}…`,
          keywords: ['reassign', 'bulk'],
          priority: 5,
          run: () => start('assign', o.id),
        }))
      : []),
    { id: 'bulk:flag', label: `Flag ${n}`, keywords: ['bulk'], priority: 5, run: () => start('flag') },
    { id: 'bulk:unflag', label: `Unflag ${n}`, keywords: ['bulk'], priority: 5, run: () => start('unflag') },
    {
      id: 'bulk:note',
      label: `Add a note to ${n}…`,
      keywords: ['comment', 'bulk'],
      priority: 5,
      run: () => start('note'),
    },
    {
      id: 'bulk:export',
      label: `Export ${n} as CSV`,
      keywords: ['download', 'bulk'],
      priority: 5,
      run: () => start('export'),
    },
    ...(input.selectAll !== null
      ? [
          {
            id: 'bulk:select-all',
            label: `Select all ${input.selectAll.toLocaleString('en-GB')} matching`,
            run: input.selectAllMatching,
          },
        ]
      : []),
    { id: 'bulk:clear', label: 'Clear the selection', keywords: ['untick'], run: input.clear },
  ];
}
