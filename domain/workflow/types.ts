/**
 * The shapes the state machine works on. Fields are camelCase like the Drizzle schema, so the server maps a
 * joined order_items/orderables/orders row to a WorkItem field by field.
 */
import type { CustomerEmailKind } from '../contract/email-templates';
import type { Role } from '../contract/session';
import {
  CANCEL_REFUND_ACTIONS,
  type CancelReason,
  type CancelRefundAction,
  type GroDestination,
} from '../options';
import type { Carrier, DeliveryRegion, DespatchBy, GroService, PricedOrderable } from '../pricing';
import type { OrderableType, OrderItemState, TranslationType } from '../states';

/** The orderable attributes the machine reads and Modify Order can change. */
export interface WorkOrderable extends PricedOrderable {
  apostilleCountry: string | null;
  subtotalInPence: number;
  /** Translations: the customer posts the documents instead of uploading them. */
  documentsByPost: boolean;
}

/** The attachment fields that matter for scan-send and the document review. */
export interface WorkAttachment {
  id: number;
  selected: boolean;
  /** null: not reviewed yet; false: rejected. */
  approved: boolean | null;
}

/** The attributes a Modify Order request may change (absent: unchanged). */
export interface OrderableUpdate {
  serviceLevel?: string;
  pages?: number;
  copies?: number;
  apostilleCopies?: number;
  apostilleCountry?: string | null;
  scanSend?: boolean;
  despatchBy?: DespatchBy;
  /** Translations only: the kind of translation (its price differs). */
  type?: TranslationType;
  /** The order's delivery region: it prices courier despatch of every item of the order. */
  deliveryRegion?: DeliveryRegion;
}

/** Another item of the same order whose subtotal a delivery region change reprices. */
export interface RepricedItem {
  id: number;
  ref: string;
  currentInPence: number;
  newTotalInPence: number;
}

/** A Modify Order request waiting for the customer's payment or approval. */
export interface PendingUpdate {
  attributes: OrderableUpdate;
  /** This item's new subtotal. */
  newTotalInPence: number;
  /** What the customer pays (> 0) or gets back (< 0): this item's change plus the repriced items'. */
  differenceInPence: number;
  /** ISO timestamp of the request. */
  requestedAt: string;
  /** Other items of the order a region change reprices (absent: none). */
  repriced?: RepricedItem[];
}

/** Another item of the same order, as a delivery region change needs to see it. */
export interface OrderSibling {
  id: number;
  ref: string;
  orderableType: OrderableType;
  position: number;
  currentState: OrderItemState;
  pendingUpdate: PendingUpdate | null;
  orderable: PricedOrderable & { subtotalInPence: number };
}

/** An order item as the state machine sees it. */
export interface WorkItem {
  id: number;
  ref: string;
  type: string;
  orderableType: OrderableType;
  currentState: OrderItemState;
  /** The assignee, null when unassigned. */
  userId: number | null;
  isEscalated: boolean;
  isOnHold: boolean;
  waitingCustomerResponse: boolean;
  flagged: boolean;
  /** Paid minus refunded, in pence; never below 0. */
  netValue: number;
  position: number;
  approved: boolean;
  isReorder: boolean;
  stateBeforeEscalation: OrderItemState | null;
  stateBeforeUpdate: OrderItemState | null;
  pendingUpdate: PendingUpdate | null;
  fcoBatchId: number | null;
  /** 'yyyy-MM-dd' London day the customer's originals arrived. */
  originalReceivedOn: string | null;
  nextReminderAt: Date | null;
  onHoldUntil: Date | null;
  deliveryRegion: DeliveryRegion;
  /** The destination of the latest GRO order, which decides where received_from_gro goes. */
  groDestination: string | null;
  orderable: WorkOrderable;
  attachments: readonly WorkAttachment[];
  /** The other items of the order (absent: none, or not loaded). */
  orderSiblings?: readonly OrderSibling[];
}

/** Who acts: a signed-in staff member, or the system (storefront calls, scheduled jobs). */
export type Actor = { kind: 'user'; id: number; role: Role } | { kind: 'system' };

/** A signed-in member of staff acting. */
export type StaffActor = Extract<Actor, { kind: 'user' }>;

/** Every action the machine decides, with its input (already shape-checked by the contract schemas). */
export type WorkflowAction =
  | { type: 'assign'; ordererId: number }
  | {
      type: 'gro_order_placed';
      reference: string;
      data: string | null;
      destination: string;
      service: GroService;
      cost: number | null;
    }
  | { type: 'received_from_gro' }
  | { type: 'gro_communication'; message: string; refundAmount: number }
  | { type: 'ips_submitted'; notes: string }
  | { type: 'reorder_required'; notes: string }
  | { type: 'ips_confirmed' }
  | { type: 'add_to_fco_batch'; batchId: number }
  | { type: 'fco_batch_despatched' }
  | { type: 'fco_batch_received' }
  | { type: 'approve_scan_send' }
  | {
      type: 'despatch';
      despatchedOn: string | null;
      carrier: Carrier;
      service: string;
      cost: number | null;
      reference: string | null;
    }
  | { type: 'received_from_customer' }
  | { type: 'approve_documents' }
  | { type: 'reject_documents'; notes: string }
  | { type: 'customer_upload' }
  | { type: 'send_for_translation'; notes: string | null; despatchTo: string }
  | { type: 'translation_received' }
  | { type: 'translation_complete' }
  | { type: 'escalate'; message: string }
  | { type: 'contact_customer'; body: string; responseRequired: boolean }
  | { type: 'customer_reply' }
  | { type: 'postpone_notification' }
  | { type: 'postponement_ended' }
  | { type: 'reminder_due' }
  | { type: 'return_to_orderer'; message: string }
  | {
      type: 'cancel_refund';
      action: CancelRefundAction;
      reason: CancelReason;
      amount: number | null;
      notes: string | null;
    }
  | { type: 'request_update'; attributes: OrderableUpdate }
  | { type: 'confirm_update' }
  | { type: 'withdraw_update' }
  | { type: 'add_note'; body: string }
  | { type: 'toggle_flag' }
  | { type: 'original_received'; receivedOn: string | null };

export type ActionType = WorkflowAction['type'];
/** The action of one type, e.g. ActionOf<'escalate'>. */
export type ActionOf<T extends ActionType> = Extract<WorkflowAction, { type: T }>;

/** The item fields an outcome may change. */
export type ItemPatch = Partial<
  Pick<
    WorkItem,
    | 'currentState'
    | 'userId'
    | 'isEscalated'
    | 'isOnHold'
    | 'waitingCustomerResponse'
    | 'flagged'
    | 'netValue'
    | 'approved'
    | 'isReorder'
    | 'stateBeforeEscalation'
    | 'stateBeforeUpdate'
    | 'pendingUpdate'
    | 'fcoBatchId'
    | 'originalReceivedOn'
    | 'nextReminderAt'
    | 'onHoldUntil'
    | 'type'
  >
> & { orderable?: OrderablePatch };

/** The orderable fields an outcome may change: a Modify Order's attributes and the new subtotal. */
export type OrderablePatch = Omit<OrderableUpdate, 'deliveryRegion'> & { subtotalInPence?: number };

/** Why an action was refused; the server maps the code to 409, 403 or 422. */
export type RefusalCode = 'wrong_state' | 'forbidden' | 'invalid_input';

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
  /** For invalid_input: a message per input field (wire names, snake_case). */
  details?: Record<string, string>;
}

/** The timeline row the server records for every accepted action. */
export interface WorkflowEvent {
  /** The action, or `undo` for an assignment or a flag taken back (undo.ts). */
  action: ActionType | 'undo';
  fromState: OrderItemState;
  toState: OrderItemState;
  payload: Record<string, unknown>;
}

/** Who a notification goes to: a user id, or every admin. */
export type NotificationTarget = number | 'admins';

export interface NotificationIntent {
  to: NotificationTarget;
  kind: string;
  message: string;
}

/**
 * A customer e-mail for the outbox; the server addresses it to the order's e-mail and lays it out with the
 * kind's template (server/mail/templates), the text being the message itself.
 */
export interface EmailIntent {
  kind: CustomerEmailKind;
  subject: string;
  text: string;
  attachmentIds?: number[];
}

/** What a refund records: the cancel/refund action, or 'downgrade' for an approved Modify Order downgrade. */
export const REFUND_ACTIONS = [...CANCEL_REFUND_ACTIONS.map((a) => a.value), 'downgrade'] as const;
export type RefundAction = (typeof REFUND_ACTIONS)[number];

export interface RefundIntent {
  action: RefundAction;
  amount: number;
  reason: CancelReason;
  notes: string | null;
}

export interface CommentIntent {
  kind: string;
  body: string;
}

/** The GRO order row to write, cost already defaulted. */
export interface GroOrderRecord {
  reference: string;
  data: string | null;
  destination: GroDestination;
  service: GroService;
  cost: number;
  isReorder: boolean;
}

/** The despatch row to write, date and cost already defaulted. */
export interface DespatchRecord {
  despatchedOn: string;
  carrier: Carrier;
  service: string;
  cost: number;
  reference: string | null;
}

/** An accepted action and everything the server must write for it in one transaction. */
export interface Outcome {
  ok: true;
  patch: ItemPatch;
  events: WorkflowEvent[];
  notifications: NotificationIntent[];
  emails: EmailIntent[];
  refunds: RefundIntent[];
  comments: CommentIntent[];
  groOrder?: GroOrderRecord;
  despatch?: DespatchRecord;
  /** Money the GRO refunded to the office (not a customer refund, so net_value is unchanged). */
  groRefund?: { amount: number };
  /** The order's new delivery region (Modify Order). */
  orderRegion?: DeliveryRegion;
  /** New subtotals of the order's other items that a region change repriced. */
  repriced?: RepricedItem[];
  /** Attachments not reviewed yet that the action marks approved (approving the documents). */
  approveAttachmentIds?: number[];
}

export type Decision = Refusal | Outcome;
