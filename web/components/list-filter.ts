/**
 * The filter of a list as the screen holds it (arrays, one orderer, dates, text) and as the URL and the API
 * carry it (comma-separated strings, the names of domain/contract/lists.ts): reading it from a URL (anything
 * unknown is dropped, so a hand-edited link never breaks the screen), writing it back with empty parts left
 * out, and the removable chips that say what is active.
 */
import { ITEM_FLAGS, type ItemFlag, type ListFilterParams } from '../../domain/contract/lists';
import { formatDate } from '../../domain/format';
import { BASE_LABELS } from '../../domain/labels';
import {
  ALL_STATES,
  isNormalState,
  ORDER_ITEM_TYPES,
  type OrderItemState,
  type OrderItemType,
  STATE_GROUP_LABELS,
  STATE_GROUPS,
  type StateGroup,
} from '../../domain/states';

export interface ListFilterValue {
  group: StateGroup[];
  state: OrderItemState[];
  flag: ItemFlag[];
  type: OrderItemType[];
  /** An orderer's id, 'none' for unassigned items, or null for anyone. */
  orderer: number | 'none' | null;
  /** Despatch-by range, yyyy-mm-dd, '' when open. */
  due_from: string;
  due_to: string;
  q: string;
}

export const EMPTY_FILTER: ListFilterValue = {
  group: [],
  state: [],
  flag: [],
  type: [],
  orderer: null,
  due_from: '',
  due_to: '',
  q: '',
};

/** The URL parameter of each part; a screen whose URL already uses a name (search's `type`, `q`) renames it. */
export type FilterKeys = Record<keyof ListFilterValue, string>;
export const FILTER_KEYS: FilterKeys = {
  group: 'group',
  state: 'state',
  flag: 'flag',
  type: 'type',
  orderer: 'orderer',
  due_from: 'due_from',
  due_to: 'due_to',
  q: 'q',
};

export const FLAG_LABELS: Readonly<Record<ItemFlag, string>> = {
  escalated: 'Escalated',
  on_hold: 'On hold',
  waiting_customer: 'Waiting for the customer',
  flagged: 'Flagged',
  overdue: 'Overdue',
};

const STAGE_WORDS: Readonly<Record<string, string>> = {
  gro_order: 'GRO order',
  gro_reorder: 'GRO reorder',
  apostille: 'apostille',
  scan_send: 'scan & send',
  despatch: 'despatch',
  gro_refunded: 'GRO refunded',
  downgrade_approval: 'downgrade approval',
  upgrade_payment: 'upgrade payment',
};

/**
 * A state as a filter option: the workflow's own label for a normal state, else what the state means
 * ("Escalated: GRO order", "Waiting customer: apostille"), so no two options read the same.
 */
export function stateOptionLabel(state: OrderItemState): string {
  if (state === 'gro_refunded_response_received') return 'GRO Refunded (response received)';
  if (isNormalState(state)) return BASE_LABELS[state];
  let m = /^(.*)_escalation$/.exec(state);
  if (m) return `Escalated: ${STAGE_WORDS[m[1]] ?? m[1]}`;
  m = /^(.*)_response_received$/.exec(state);
  if (m) return `Escalation answered: ${STAGE_WORDS[m[1]] ?? m[1]}`;
  m = /^on_hold_waiting_(.*?)(_response)?$/.exec(state);
  if (m) return `On hold: ${STAGE_WORDS[m[1]] ?? m[1]}`;
  m = /^waiting_(.*?)(_response)?$/.exec(state);
  return `Waiting customer: ${STAGE_WORDS[m?.[1] ?? ''] ?? state}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The known values of a comma-separated parameter, in the order given, each once. */
function listOf<T extends string>(raw: string | null, known: readonly T[]): T[] {
  if (!raw) return [];
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .filter((v): v is T => (known as readonly string[]).includes(v));
  return [...new Set(values)];
}

/** The filter a URL asks for. */
export function filterFromParams(params: URLSearchParams, keys: FilterKeys = FILTER_KEYS): ListFilterValue {
  const orderer = params.get(keys.orderer);
  const ordererId = orderer && /^\d{1,10}$/.test(orderer) ? Number(orderer) : null;
  const date = (key: string) => {
    const v = params.get(key) ?? '';
    return ISO_DATE.test(v) ? v : '';
  };
  return {
    group: listOf(params.get(keys.group), STATE_GROUPS),
    state: listOf(params.get(keys.state), ALL_STATES),
    flag: listOf(params.get(keys.flag), ITEM_FLAGS),
    type: listOf(params.get(keys.type), ORDER_ITEM_TYPES),
    orderer: orderer === 'none' ? 'none' : ordererId && ordererId > 0 ? ordererId : null,
    due_from: date(keys.due_from),
    due_to: date(keys.due_to),
    q: params.get(keys.q) ?? '',
  };
}

/** The filter as query parameters (the URL's and the API's): only the parts that narrow the list. */
export function filterToParams(
  filter: ListFilterValue,
  keys: FilterKeys = FILTER_KEYS,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.group.length) out[keys.group] = filter.group.join(',');
  if (filter.state.length) out[keys.state] = filter.state.join(',');
  if (filter.flag.length) out[keys.flag] = filter.flag.join(',');
  if (filter.type.length) out[keys.type] = filter.type.join(',');
  if (filter.orderer !== null) out[keys.orderer] = String(filter.orderer);
  if (filter.due_from) out[keys.due_from] = filter.due_from;
  if (filter.due_to) out[keys.due_to] = filter.due_to;
  if (filter.q.trim()) out[keys.q] = filter.q.trim();
  return out;
}

/** The filter in the contract's wire shape (ListFilterParams), e.g. for a search's `filter`. */
export function filterToWire(filter: ListFilterValue): ListFilterParams {
  return filterToParams(filter) as ListFilterParams;
}

/** True when the filter narrows nothing. */
export function isFilterEmpty(filter: ListFilterValue): boolean {
  return Object.keys(filterToParams(filter)).length === 0;
}

/** One active part of the filter, shown as a chip; `without` is the filter once the chip is removed. */
export interface FilterChip {
  key: string;
  label: string;
  without: ListFilterValue;
}

/** The chips of an active filter, one per value; `stateLabel` and `ordererName` make ids readable. */
export function filterChips(
  filter: ListFilterValue,
  names: { stateLabel: (s: OrderItemState) => string; ordererName: (id: number) => string | undefined },
): FilterChip[] {
  const chips: FilterChip[] = [];
  const drop = <K extends 'group' | 'state' | 'flag' | 'type'>(k: K, v: ListFilterValue[K][number]) => ({
    ...filter,
    [k]: (filter[k] as string[]).filter((x) => x !== v),
  });
  if (filter.q.trim())
    chips.push({ key: 'q', label: `Text: “${filter.q.trim()}”`, without: { ...filter, q: '' } });
  for (const g of filter.group)
    chips.push({ key: `group:${g}`, label: `Group: ${STATE_GROUP_LABELS[g]}`, without: drop('group', g) });
  for (const s of filter.state)
    chips.push({ key: `state:${s}`, label: `State: ${names.stateLabel(s)}`, without: drop('state', s) });
  for (const f of filter.flag)
    chips.push({ key: `flag:${f}`, label: FLAG_LABELS[f], without: drop('flag', f) });
  for (const t of filter.type)
    chips.push({ key: `type:${t}`, label: `Type: ${t}`, without: drop('type', t) });
  if (filter.orderer !== null)
    chips.push({
      key: 'orderer',
      label:
        filter.orderer === 'none'
          ? 'Unassigned'
          : `Orderer: ${names.ordererName(filter.orderer) ?? `#${filter.orderer}`}`,
      without: { ...filter, orderer: null },
    });
  if (filter.due_from)
    chips.push({
      key: 'due_from',
      label: `Despatch from ${formatDate(filter.due_from)}`,
      without: { ...filter, due_from: '' },
    });
  if (filter.due_to)
    chips.push({
      key: 'due_to',
      label: `Despatch to ${formatDate(filter.due_to)}`,
      without: { ...filter, due_to: '' },
    });
  return chips;
}

/** The longest name a saved view may have (the Name field's limit). */
export const VIEW_NAME_MAX = 60;

/**
 * A name for a view of the filter, offered when it is saved: each active part in the words of its chip,
 * joined with " · " ("Waiting GRO · Priority"), the text as typed with a capital, cut to VIEW_NAME_MAX
 * characters. Empty when nothing is filtered (a list only re-sorted), so the user names it.
 */
export function filterViewName(
  filter: ListFilterValue,
  names: { ordererName: (id: number) => string | undefined },
): string {
  const text = filter.q.trim();
  const due =
    filter.due_from && filter.due_to
      ? `Despatch ${filter.due_from} to ${filter.due_to}`
      : filter.due_from
        ? `Despatch from ${filter.due_from}`
        : filter.due_to
          ? `Despatch to ${filter.due_to}`
          : '';
  const parts = [
    ...filter.group.map((g) => STATE_GROUP_LABELS[g]),
    ...filter.state.map(stateOptionLabel),
    ...filter.flag.map((f) => FLAG_LABELS[f]),
    ...filter.type,
    filter.orderer === 'none'
      ? 'Unassigned'
      : filter.orderer !== null
        ? (names.ordererName(filter.orderer) ?? `Orderer #${filter.orderer}`)
        : '',
    text && text[0].toUpperCase() + text.slice(1),
    due,
  ].filter((p) => p !== '');
  const name = parts.join(' · ');
  return name.length <= VIEW_NAME_MAX ? name : `${name.slice(0, VIEW_NAME_MAX - 1).trimEnd()}…`;
}
