/**
 * The order page's calls: the item query and one mutation hook that every action panel, header button and
 * inline edit goes through. It sends the item's lock_version, puts the answered record into the cache, and
 * on a 409 reloads the item while the caller keeps what the user typed.
 */
import {
  partialMatchKey,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type OrderItemDetail,
  type OrderItemListRow,
  type OrderItemResponse,
  OrderItemResponseSchema,
  type OrderItemUndoableResponse,
  type OrderItemUndoableResponseSchema,
} from '../../../domain/contract/order-item';
import type { FcoBatchResponse, FcoBatchResponseSchema } from '../../../domain/contract/queues';
import { ApiError, api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { offerUndo } from '../../components/undo-toast';
import { notifySuccess } from '../../lib/notify';

export const orderItemQuery = (key: string) =>
  queryOptions({
    queryKey: queryKeys.orderItems.detail(key),
    queryFn: ({ signal }) =>
      api.get(`order_items/${encodeURIComponent(key)}`, OrderItemResponseSchema, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/**
 * The item as a list already in the cache shows it (a queue, the dashboard, the team list): its row, found by
 * ref or id, for the order page to show while the item itself loads. Null when no list holds it.
 */
export function listedOrderItem(queryClient: QueryClient, key: string): OrderItemListRow | null {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (typeof data !== 'object' || data === null || !('order_items' in data)) continue;
    const rows = (data as { order_items: unknown }).order_items;
    if (!Array.isArray(rows)) continue;
    const row = (rows as OrderItemListRow[]).find((r) => r.ref === key || String(r.id) === key);
    if (row) return row;
  }
  return null;
}

/** `order_items/<ref>/<action>` for an item. */
export const itemPath = (item: Pick<OrderItemDetail, 'ref'>, action?: string) =>
  `order_items/${encodeURIComponent(item.ref)}${action ? `/${action}` : ''}`;

/** Where the browser downloads an attachment (a plain GET, not JSON). */
export const attachmentFileUrl = (item: Pick<OrderItemDetail, 'ref'>, attachmentId: number) =>
  `/api/v1/order_items/${encodeURIComponent(item.ref)}/attachments/${attachmentId}/file`;

/** The printable cover letter (PDF, opens in a new tab). */
export const coverLetterUrl = (item: Pick<OrderItemDetail, 'ref'>) =>
  `/api/v1/order_items/${encodeURIComponent(item.ref)}/cover_letter.pdf`;

/** How a failed call should be shown: a conflict with someone else's change, or a plain failure. */
export interface ActionFailure {
  kind: 'conflict' | 'failed';
  message: string;
  /** Field errors of a 422, by the last segment of the field name. */
  fields: Record<string, string>;
}

/** The field errors of a 422 (`[{field, message}]` or `{field: message}`), keyed by the field's last name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const out: Record<string, string> = {};
  const details = error.details;
  if (Array.isArray(details)) {
    for (const d of details) {
      if (d && typeof d === 'object' && 'field' in d && 'message' in d) {
        const field = String((d as { field: unknown }).field);
        out[field.split('.').pop() ?? field] = String((d as { message: unknown }).message);
      }
    }
    return out;
  }
  return error.fieldErrors;
}

/** A caught error as the page shows it. */
export function toFailure(error: unknown): ActionFailure {
  const message =
    error instanceof Error ? error.message : 'Something went wrong. Please try again in a moment.';
  const conflict = error instanceof ApiError && error.status === 409 && error.code === 'stale';
  return { kind: conflict ? 'conflict' : 'failed', message, fields: fieldErrorsOf(error) };
}

/**
 * The schema of what an order-page call answers: the item (every item action, the default), the item with the
 * offer to undo (reassign, flag), or the new batch of an FCO order placed from the page.
 */
export type ItemCallAnswer =
  | typeof OrderItemResponseSchema
  | typeof OrderItemUndoableResponseSchema
  | typeof FcoBatchResponseSchema;

/** What an action may change besides the item: the lists, the queues' counts, FCO batches, notifications. */
const AFTER_AN_ACTION = [
  queryKeys.orderItems.all,
  queryKeys.orderers.all,
  queryKeys.fcoBatches.all,
  queryKeys.notifications.all,
];

interface RunArgs {
  /** The API path, e.g. itemPath(item, 'escalate'), or a full path for other resources. */
  path: string;
  body?: Record<string, unknown> | FormData;
  /** The lock_version to send; omitted for calls that take none. */
  lockVersion?: number | null;
  method?: 'post' | 'put';
  /** What the call answers when it is not the item. */
  answer?: ItemCallAnswer;
}

/**
 * A mutation for one action of the item shown at `key`. On success the answered record (when it is one)
 * replaces the cached item and the lists refresh, and the success message shows (with its Undo when the call
 * answered an offer to undo); on any 409 the item is reloaded.
 */
export function useItemMutation(key: string, success?: (item: OrderItemDetail | null) => string | null) {
  const queryClient = useQueryClient();
  return useMutation<
    OrderItemResponse | OrderItemUndoableResponse | FcoBatchResponse,
    ApiError | Error,
    RunArgs
  >({
    mutationFn: ({ path, body, lockVersion, method = 'post', answer = OrderItemResponseSchema }) => {
      const payload =
        lockVersion === undefined || lockVersion === null || body instanceof FormData
          ? body
          : { ...body, lock_version: lockVersion };
      return method === 'put' ? api.put(path, payload, answer) : api.post(path, payload, answer);
    },
    onSuccess: async (data) => {
      const record = 'order_item' in data ? data : null;
      if (record) queryClient.setQueryData(queryKeys.orderItems.detail(key), record);
      const message = success?.(record?.order_item ?? null);
      const undo = 'undo' in data ? data.undo : null;
      if (message && undo) offerUndo({ message, offer: undo, queryClient });
      else if (message) notifySuccess(message);
      await queryClient.invalidateQueries({
        predicate: (q) => {
          if (partialMatchKey(q.queryKey, queryKeys.orderItems.detailsAll))
            return !record && partialMatchKey(q.queryKey, queryKeys.orderItems.detail(key));
          return AFTER_AN_ACTION.some((resource) => partialMatchKey(q.queryKey, resource));
        },
      });
    },
    onError: async (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.orderItems.detail(key) });
      }
    },
  });
}
