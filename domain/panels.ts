/** The action panels of SPEC.md section 4, filtered by the signed-in user's role (PRODUCT.md section 3). */
import type { Role } from './contract/session';
import type { OrderableType, OrderItemState } from './states';

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

/** The state-specific panels of SPEC.md section 4's table, before role filtering. */
function statePanels(item: PanelItem): Panel[] {
  switch (item.currentState) {
    case 'gro_order_required':
      return ['GRO Order'];
    case 'waiting_gro':
      return ['Received from GRO', 'GRO Communication', 'IPS/Reorder'];
    case 'apostille_required':
      return ['Apostille'];
    case 'scan_send_required':
      return ['Scan Send'];
    case 'despatch_required':
      return ['Dispatch'];
    case 'gro_refunded':
    case 'gro_refunded_response_received':
      return ['IPS/Reorder'];
    case 'order_complete':
      // Only GRO-issued certificates (not divorce certificates from the courts) talk to the GRO afterwards.
      return item.orderableType === 'Certificate' ? ['GRO Communication', 'IPS/Reorder'] : [];
    case 'waiting_ips':
      return ['IPS Confirmed'];
    case 'review_documents':
      return item.userId === null ? [] : ['Review Documents'];
    case 'ready_for_translation':
      return ['Send for Translation'];
    case 'waiting_translation':
      return ['Complete Translation'];
    case 'waiting_delivery':
      return ['Received From Customer'];
    default:
      return [];
  }
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
