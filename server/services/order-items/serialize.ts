/**
 * The order item as the API answers it (PRODUCT.md section 2): the record PostgreSQL writes from the contract
 * (wire.ts), completed with what only the domain's code knows how to write: the pending change and the panels
 * the viewer may use now.
 */
import {
  type OrderItem,
  type OrderItemDetail,
  pendingUpdateToWire,
} from '../../../domain/contract/order-item';
import { panelsFor } from '../../../domain/panels';
import type { SessionUser } from '../../auth/sessions';
import type { ItemRecordRow, OrderItemPageRow } from './read';

/** What PostgreSQL wrote of an item's record with its pending change: the record as anyone sees it. */
const withPendingUpdate = ({ record, item }: ItemRecordRow) => ({
  ...record,
  pending_update: item.pendingUpdate ? pendingUpdateToWire(item.pendingUpdate) : null,
});

/** An item's record: what PostgreSQL wrote, with its pending change and the viewer's panels. */
export function orderItemWire(row: ItemRecordRow, viewer: SessionUser): OrderItem {
  return {
    ...withPendingUpdate(row),
    panels: panelsFor(row.item, { id: viewer.id, role: viewer.role }),
  };
}

/**
 * The item as a shop sees it (storefront answers): its state, price, pending change, orderable and order,
 * without what only staff see (assignee, panels, flag, batch, lock version).
 */
export function storefrontItemWire(row: ItemRecordRow) {
  const {
    id: _id,
    user: _user,
    flagged: _flagged,
    fco_batch_id: _batch,
    is_reorder: _reorder,
    lock_version: _lock,
    ...view
  } = withPendingUpdate(row);
  return view;
}

/** The whole order page record: the item's record with its attachments, comments and timeline. */
export function orderItemDetail(row: OrderItemPageRow, viewer: SessionUser): OrderItemDetail {
  return {
    ...orderItemWire(row, viewer),
    ukds_attachments: row.attachments,
    comments: row.comments,
    events: row.events,
  };
}
