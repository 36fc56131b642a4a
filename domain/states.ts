/**
 * Every order-item state of SPEC.md section 4, the groups they fall into and the product line of an item.
 * The lists are `as const` tuples so the state type, the diagram and the property tests all derive from them.
 */

/** The 17 states of the normal workflow. */
export const NORMAL_STATES = [
  'unassigned',
  'gro_order_required',
  'waiting_gro',
  'apostille_required',
  'fco_order_placed',
  'waiting_fco',
  'scan_send_required',
  'despatch_required',
  'gro_refunded',
  'gro_refunded_response_received',
  'waiting_ips',
  'waiting_delivery',
  'review_documents',
  'ready_for_translation',
  'waiting_translation',
  'order_complete',
  'cancelled',
] as const;

/** The stages an escalation can move an item into (gro_refunded is a stage without its own states). */
export const ESCALATION_STAGES = ['gro_order', 'gro_reorder', 'apostille', 'scan_send', 'despatch'] as const;
export type EscalationStage = (typeof ESCALATION_STAGES)[number];

/** Stages a customer can be waited on: the escalation stages plus gro_refunded. */
export const CUSTOMER_STAGES = [...ESCALATION_STAGES, 'gro_refunded'] as const;
export type CustomerStage = (typeof CUSTOMER_STAGES)[number];

/** The 10 escalation states: `<stage>_escalation` and `<stage>_response_received`. */
export const ESCALATION_STATES = [
  'gro_order_escalation',
  'gro_order_response_received',
  'gro_reorder_escalation',
  'gro_reorder_response_received',
  'apostille_escalation',
  'apostille_response_received',
  'scan_send_escalation',
  'scan_send_response_received',
  'despatch_escalation',
  'despatch_response_received',
] as const;

/** The 8 states in which the business waits for the customer. */
export const WAITING_CUSTOMER_STATES = [
  'waiting_downgrade_approval',
  'waiting_upgrade_payment',
  'waiting_gro_order_response',
  'waiting_gro_reorder_response',
  'waiting_apostille_response',
  'waiting_scan_send_response',
  'waiting_despatch_response',
  'waiting_gro_refunded_response',
] as const;

/** The `on_hold_` variant of every waiting-customer state (reminders postponed). */
export const ON_HOLD_STATES = [
  'on_hold_waiting_downgrade_approval',
  'on_hold_waiting_upgrade_payment',
  'on_hold_waiting_gro_order_response',
  'on_hold_waiting_gro_reorder_response',
  'on_hold_waiting_apostille_response',
  'on_hold_waiting_scan_send_response',
  'on_hold_waiting_despatch_response',
  'on_hold_waiting_gro_refunded_response',
] as const;

export type NormalState = (typeof NORMAL_STATES)[number];
export type EscalationState = (typeof ESCALATION_STATES)[number];
export type WaitingCustomerState = (typeof WAITING_CUSTOMER_STATES)[number];
export type OnHoldState = (typeof ON_HOLD_STATES)[number];
export type OrderItemState = NormalState | EscalationState | WaitingCustomerState | OnHoldState;

/** All 43 states, in display order. */
export const ALL_STATES: readonly OrderItemState[] = [
  ...NORMAL_STATES,
  ...ESCALATION_STATES,
  ...WAITING_CUSTOMER_STATES,
  ...ON_HOLD_STATES,
];

const stateSet: ReadonlySet<string> = new Set(ALL_STATES);
const escalationSet: ReadonlySet<string> = new Set(ESCALATION_STATES);
const waitingSet: ReadonlySet<string> = new Set(WAITING_CUSTOMER_STATES);
const onHoldSet: ReadonlySet<string> = new Set(ON_HOLD_STATES);

/** Whether a string read from the database or the wire is a known state. */
export function isOrderItemState(value: string): value is OrderItemState {
  return stateSet.has(value);
}

/** Whether the state is one of the 10 escalation states. */
export function isEscalationState(state: OrderItemState): state is EscalationState {
  return escalationSet.has(state);
}

/** Whether the state is one of the 8 waiting-customer states (not their on_hold_ variants). */
export function isWaitingCustomerState(state: OrderItemState): state is WaitingCustomerState {
  return waitingSet.has(state);
}

/** Whether the state is an on_hold_ variant. */
export function isOnHoldState(state: OrderItemState): state is OnHoldState {
  return onHoldSet.has(state);
}

/** Whether the state is one of the 17 states of the normal workflow. */
export function isNormalState(state: OrderItemState): state is NormalState {
  return !isEscalationState(state) && !isWaitingCustomerState(state) && !isOnHoldState(state);
}

/** The on_hold_ variant of a waiting-customer state. */
export function onHoldVariant(state: WaitingCustomerState): OnHoldState {
  return `on_hold_${state}`;
}

/** The waiting-customer state an on_hold_ variant returns to when the postponement ends. */
export function waitingVariant(state: OnHoldState): WaitingCustomerState {
  return state.slice('on_hold_'.length) as WaitingCustomerState;
}

const STAGE_PATTERN = new RegExp(
  `^(?:on_hold_)?(?:waiting_(${CUSTOMER_STAGES.join('|')})_response|(${ESCALATION_STAGES.join('|')})_(?:escalation|response_received)|(gro_refunded)(?:_response_received)?)$`,
);

/**
 * The escalation stage a state names: `<stage>_escalation`, `<stage>_response_received`, and the customer
 * waited on, `waiting_<stage>_response` (and its on_hold_ variant). GRO refunded has no escalation state of its
 * own (an item is escalated in place), so gro_refunded and gro_refunded_response_received name it too. Null for
 * any other state: an item escalated where its state has no stage (waiting_gro, say) or waiting on a Modify Order.
 */
export function escalationStageOf(state: string): CustomerStage | null {
  const match = STAGE_PATTERN.exec(state);
  return match ? ((match[1] ?? match[2] ?? match[3]) as CustomerStage) : null;
}

/** Every state that names a stage (escalationStageOf), in display order: what the desk's stage filter selects. */
export function statesOfStage(stage: CustomerStage): OrderItemState[] {
  return ALL_STATES.filter((state) => escalationStageOf(state) === stage);
}

/** States an item ends in: nothing more is done to it (refunds aside). */
export const FINAL_STATES: readonly OrderItemState[] = ['order_complete', 'cancelled'];

/** Whether the item is finished with: complete or cancelled. */
export function isFinalState(state: string): boolean {
  return (FINAL_STATES as readonly string[]).includes(state);
}

/** States that hold a Modify Order request waiting for the customer (with their on_hold_ variants). */
export const UPDATE_WAITING_STATES: readonly OrderItemState[] = [
  'waiting_upgrade_payment',
  'waiting_downgrade_approval',
  'on_hold_waiting_upgrade_payment',
  'on_hold_waiting_downgrade_approval',
];

// ---------------------------------------------------------------- groups

/** Groups for coloured badges and orderer stats. */
export const STATE_GROUPS = ['in_progress', 'waiting', 'escalated', 'on_hold', 'done', 'cancelled'] as const;
export type StateGroup = (typeof STATE_GROUPS)[number];

/** Readable names of the groups, for badges and stats headings. */
export const STATE_GROUP_LABELS: Readonly<Record<StateGroup, string>> = {
  in_progress: 'In progress',
  waiting: 'Waiting',
  escalated: 'Escalated',
  on_hold: 'On hold',
  done: 'Done',
  cancelled: 'Cancelled',
};

// Waiting on someone outside the office (the GRO, the FCO, a translator, the post, the customer).
const externallyWaiting: ReadonlySet<OrderItemState> = new Set<OrderItemState>([
  'waiting_gro',
  'waiting_fco',
  'waiting_ips',
  'waiting_translation',
  'waiting_delivery',
]);

/** The fields of an item that decide its group. */
export interface GroupedItem {
  currentState: OrderItemState;
  isEscalated: boolean;
  isOnHold: boolean;
  waitingCustomerResponse: boolean;
}

/**
 * The one definition of an item's group, used by badges, their colours, the orderer stats (whose SQL groups
 * by the same fields and calls this) and the SPA. It follows the label (labels.ts) branch by branch, so that
 * one label never shows in two colours: a waiting-customer state reads "Waiting Customer" even while
 * escalated, and an escalated item reads "Escalated (…)" or "On Hold (…)" whatever its state, cancelled too.
 */
export function groupOf(item: GroupedItem): StateGroup {
  const s = item.currentState;
  if (isEscalationState(s)) return 'escalated';
  if (isOnHoldState(s)) return 'on_hold';
  if (isWaitingCustomerState(s)) return 'waiting';
  if (item.isEscalated) return item.isOnHold ? 'on_hold' : 'escalated';
  if (item.waitingCustomerResponse) return 'waiting';
  if (s === 'cancelled') return 'cancelled';
  if (s === 'order_complete') return 'done';
  return externallyWaiting.has(s) ? 'waiting' : 'in_progress';
}

// ---------------------------------------------------------------- product lines

/** The orderable types an order item can have. */
export const ORDERABLE_TYPES = [
  'Certificate',
  'DivorceCertificate',
  'Translation',
  'AdultDeedPoll',
  'ChildDeedPoll',
] as const;
export type OrderableType = (typeof ORDERABLE_TYPES)[number];

/** The three product lines sharing the state machine. */
export const PRODUCT_LINES = ['certificate', 'translation', 'deed_poll'] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

const productLines: Readonly<Record<OrderableType, ProductLine>> = {
  Certificate: 'certificate',
  DivorceCertificate: 'certificate',
  Translation: 'translation',
  AdultDeedPoll: 'deed_poll',
  ChildDeedPoll: 'deed_poll',
};

/** The product line of an orderable type. */
export function productLine(orderableType: OrderableType): ProductLine {
  return productLines[orderableType];
}

/** The kinds of translation (the translation orderable's `type`). */
export const TRANSLATION_TYPES = [
  'CertifiedTranslation',
  'SwornTranslation',
  'NotarisedTranslation',
] as const;
export type TranslationType = (typeof TRANSLATION_TYPES)[number];

/** The order item `type` values shown to staff. */
export const ORDER_ITEM_TYPES = [
  'Birth Certificate',
  'Marriage Certificate',
  'Death Certificate',
  'Divorce Certificate',
  'Adult Deed Poll',
  'Child Deed Poll',
  'Certified Translation',
  'Sworn Translation',
  'Notarised Translation',
] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];

/** The order item types each orderable type is sold as (the storefront may not mix them). */
export const ITEM_TYPES_OF: Readonly<Record<OrderableType, readonly OrderItemType[]>> = {
  Certificate: ['Birth Certificate', 'Marriage Certificate', 'Death Certificate'],
  DivorceCertificate: ['Divorce Certificate'],
  Translation: ['Certified Translation', 'Sworn Translation', 'Notarised Translation'],
  AdultDeedPoll: ['Adult Deed Poll'],
  ChildDeedPoll: ['Child Deed Poll'],
};

/** The translation kind an order item type names ("Sworn Translation" → SwornTranslation), else null. */
export function translationTypeOf(type: OrderItemType): TranslationType | null {
  const kind = type.replace(' ', '');
  return (TRANSLATION_TYPES as readonly string[]).includes(kind) ? (kind as TranslationType) : null;
}
