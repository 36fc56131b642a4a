/**
 * Work on many order items at once (issue 18): the bulk action call and the CSV export of a selection. The
 * bulk action answers a result per item (done, or refused and why); the export downloads a file.
 */
import {
  type BulkRequest,
  type BulkUndoableResponse,
  BulkUndoableResponseSchema,
} from '../../domain/contract/lists';
import { saveFile } from '../lib/download';
import { api, postForFile } from './client';

/**
 * Assigns, flags, unflags or notes the selected items; each item is done or refused on its own. The answer
 * carries the offer to undo what an assign, flag or unflag changed.
 */
export function bulkAction(request: BulkRequest): Promise<BulkUndoableResponse> {
  return api.post('order_items/bulk', request, BulkUndoableResponseSchema);
}

/**
 * Downloads the selected items as CSV (order-items-YYYY-MM-DD.csv, the name the server gives). A POST, not a
 * link: the ids travel in the body (up to 500) and the call carries the CSRF token like any other.
 */
export async function downloadCsv(ids: number[]): Promise<void> {
  const { blob, filename } = await postForFile('order_items/export.csv', { order_item_ids: ids });
  saveFile(blob, filename ?? 'order-items.csv');
}
