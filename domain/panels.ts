/** The action panels of SPEC.md section 4, filtered by the signed-in user's role (PRODUCT.md section 3). */
import type { Role } from './contract/session';
import { isNormalState, type NormalState, type OrderableType, type OrderItemState } from './states';

/** Panel names exactly as SPEC.md, in the order the order page shows them. */
export const PANELS = [
  'Modify Order',
  'GRO Order',
  'Received from GRO',
  'GRO Communication',
  'IPS/Reorder',
  'Apostille',
  'Scan Send',
  'Dispatch',
  'IPS Confirmed',
  'Review Documents',
  'Send for Translation',
  'Complete Translation',
  'Received From Customer',
  'Escalate',
  'Contact Customer',
  'Return to Orderer',
  'Cancellations & Refunds',
  'Add Notes',
] as const;
export type Panel = (typeof PANELS)[number];

/** The fields of an item its panels depend on. */
export interface PanelItem {
  currentState: OrderItemState;
  orderableType: OrderableType;
  userId: number | null;
  isEscalated: boolean;
  netValue: number;
}

/** The signed-in staff member. */
export interface PanelUser {
  id: number;
  role: Role;
}

/** Panels only admins see: handling escalated items (PRODUCT.md section 3). */
const ADMIN_ONLY_PANELS: ReadonlySet<Panel> = new Set<Panel>([
  'Contact Customer',
  'Return to Orderer',
  'Cancellations & Refunds',
]);

/** Panels anyone may use on any item. */
const OPEN_PANELS: ReadonlySet<Panel> = new Set<Panel>(['Add Notes']);

/**
 * SPEC.md section 4's table: the panels of each state of the normal workflow, before role filtering. Typed
 * over every normal state, so a new state fails to compile until someone decides its panels.
 */
const STATE_PANELS: Readonly<Record<NormalState, (item: PanelItem) => Panel[]>> = {
  unassigned: () => [],
  gro_order_required: () => ['GRO Order'],
  waiting_gro: () => ['Received from GRO', 'GRO Communication', 'IPS/Reorder'],
  apostille_required: () => ['Apostille'],
  // The FCO steps are on the batch page, not the item's.
  fco_order_placed: () => [],
  waiting_fco: () => [],
  scan_send_required: () => ['Scan Send'],
  despatch_required: () => ['Dispatch'],
  gro_refunded: () => ['IPS/Reorder'],
  gro_refunded_response_received: () => ['IPS/Reorder'],
  waiting_ips: () => ['IPS Confirmed'],
  waiting_delivery: () => ['Received From Customer'],
  review_documents: (item) => (item.userId === null ? [] : ['Review Documents']),
  ready_for_translation: () => ['Send for Translation'],
  waiting_translation: () => ['Complete Translation'],
  // Only GRO-issued certificates (not divorce certificates from the courts) talk to the GRO afterwards.
  order_complete: (item) =>
    item.orderableType === 'Certificate' ? ['GRO Communication', 'IPS/Reorder'] : [],
  cancelled: () => [],
};

/**
 * The state-specific panels. Escalation, waiting-customer and on-hold states have none of their own: the
 * escalation panels and Modify Order handle them (SPEC.md section 4).
 */
function statePanels(item: PanelItem): Panel[] {
  return isNormalState(item.currentState) ? STATE_PANELS[item.currentState](item) : [];
}

/** Every panel the item offers in its state, before looking at who is asking. */
export function panelsForState(item: PanelItem): Panel[] {
  const panels: Panel[] = ['Modify Order', ...statePanels(item)];
  if (item.userId !== null && !item.isEscalated) panels.push('Escalate');
  if (item.isEscalated) {
    panels.push('Contact Customer', 'Return to Orderer');
    if (item.netValue > 0) panels.push('Cancellations & Refunds');
  }
  panels.push('Add Notes');
  return panels;
}

/** Whether this user may use a panel of this item: admins any; orderers workflow panels of their own items. */
export function mayUsePanel(panel: Panel, item: PanelItem, user: PanelUser): boolean {
  if (OPEN_PANELS.has(panel) || user.role === 'admin') return true;
  if (ADMIN_ONLY_PANELS.has(panel)) return false;
  return item.userId === user.id;
}

/** The panels the signed-in user sees now, "Modify Order" first and "Add Notes" last. */
export function panelsFor(item: PanelItem, user: PanelUser): Panel[] {
  return panelsForState(item).filter((panel) => mayUsePanel(panel, item, user));
}
