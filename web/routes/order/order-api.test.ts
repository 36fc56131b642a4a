// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FcoBatchResponseSchema } from '../../../domain/contract/queues';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { stubApi } from '../../test/fetch';
import { orderItem, orderItemDetail } from '../../test/fixtures';
import {
  attachmentFileUrl,
  coverLetterUrl,
  fieldErrorsOf,
  itemPath,
  listedOrderItem,
  orderItemQuery,
  toFailure,
  useItemMutation,
} from './order-api';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notifySuccess: notify }));

afterEach(() => {
  vi.unstubAllGlobals();
  notify.mockClear();
});

describe('paths', () => {
  it('escape the ref in every URL of an item', () => {
    const item = { ref: '100234/2' };
    expect(itemPath(item)).toBe('order_items/100234%2F2');
    expect(itemPath(item, 'escalate')).toBe('order_items/100234%2F2/escalate');
    expect(attachmentFileUrl(item, 5)).toBe('/api/v1/order_items/100234%2F2/attachments/5/file');
    expect(coverLetterUrl(item)).toBe('/api/v1/order_items/100234%2F2/cover_letter.pdf');
  });
});

describe('fieldErrorsOf', () => {
  it('keys the errors of a 422 by the last part of the field name', () => {
    const error = new ApiError(422, 'invalid_input', 'Check.', [
      { field: 'escalation.message', message: 'Enter a message.' },
      { other: true },
    ]);
    expect(fieldErrorsOf(error)).toEqual({ message: 'Enter a message.' });
    expect(fieldErrorsOf(new ApiError(422, 'invalid_input', 'Check.', { cost: 'Too high.' }))).toEqual({
      cost: 'Too high.',
    });
  });

  it('is empty for any other failure', () => {
    expect(fieldErrorsOf(new ApiError(409, 'stale', 'Changed.', [{ field: 'x', message: 'y' }]))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});

describe('toFailure', () => {
  it('tells a conflict with someone else’s change from a plain failure', () => {
    expect(toFailure(new ApiError(409, 'stale', 'Someone else changed it.'))).toEqual({
      kind: 'conflict',
      message: 'Someone else changed it.',
      fields: {},
    });
    expect(toFailure(new ApiError(409, 'wrong_state', 'Not now.')).kind).toBe('failed');
    expect(toFailure('odd')).toEqual({
      kind: 'failed',
      message: 'Something went wrong. Please try again in a moment.',
      fields: {},
    });
  });
});

describe('orderItemQuery', () => {
  it('retries only server failures (5xx), twice at most; a refusal or a network failure shows at once', () => {
    const retry = orderItemQuery('1').retry;
    if (typeof retry !== 'function') throw new Error('expected a retry function');
    expect(retry(0, new ApiError(404, 'not_found', 'Not found.'))).toBe(false);
    expect(retry(0, new ApiError(503, 'unavailable', 'Down.'))).toBe(true);
    expect(retry(1, new ApiError(503, 'unavailable', 'Down.'))).toBe(true);
    expect(retry(0, new ApiError(0, 'network_error', 'Offline.'))).toBe(false);
    expect(retry(2, new ApiError(503, 'unavailable', 'Down.'))).toBe(false);
  });

  it('fetches the item by the id or ref of the URL', async () => {
    stubApi({ '/api/v1/order_items/100234-1.json': { order_item: orderItemDetail() } });
    const data = await new QueryClient().fetchQuery(orderItemQuery('100234-1'));
    expect(data.order_item.ref).toBe('100234-1');
  });
});

describe('useItemMutation', () => {
  const key = '100234-1';
  function setup(success?: (item: unknown) => string | null) {
    const client = new QueryClient();
    client.setQueryData(queryKeys.orderItems.detail(key), {
      order_item: orderItemDetail({ lock_version: 3 }),
    });
    client.setQueryData(['order_items', 'my_orders', {}], { stale: false });
    client.setQueryData(['order_items', 'detail', 'other'], { stale: false });
    client.setQueryData(['users', 'current_user'], { stale: false });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const hook = renderHook(() => useItemMutation(key, success), { wrapper });
    const invalidated = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey);
    return { client, hook, invalidated };
  }

  it('sends the lock version, stores the answered item, refreshes the lists and confirms', async () => {
    const saved = orderItemDetail({ lock_version: 4, is_escalated: true });
    const requests = stubApi({ '/api/v1/order_items/100234-1/escalate.json': { order_item: saved } });
    const { client, hook, invalidated } = setup(() => 'Escalated 100234-1');
    await act(() =>
      hook.result.current.mutateAsync({
        path: itemPath({ ref: key }, 'escalate'),
        body: { escalation: { message: 'Late' } },
        lockVersion: 3,
      }),
    );
    expect(requests).toEqual([
      {
        url: '/api/v1/order_items/100234-1/escalate.json',
        method: 'POST',
        body: { escalation: { message: 'Late' }, lock_version: 3 },
      },
    ]);
    expect(client.getQueryData(queryKeys.orderItems.detail(key))).toEqual({ order_item: saved });
    expect(notify).toHaveBeenCalledWith('Escalated 100234-1');
    // The lists refresh; the item is already the answer; other items and the user are left alone.
    expect(invalidated()).toEqual([['order_items', 'my_orders', {}]]);
  });

  it('PUTs without a lock version when there is none, and reloads the item when the answer is not it', async () => {
    const batch = {
      id: 7,
      ref: 'FCO-7',
      state: 'pending_despatch',
      fco_reference: 'FCO-1',
      fco_cost: 6000,
      despatched_on: null,
      despatch_cost: null,
      despatch_reference: null,
      received_on: null,
      lock_version: 0,
      created_at: '2026-03-01T10:00:00.000Z',
      order_items: [{ id: 1, ref: key }],
    };
    const requests = stubApi({ '/api/v1/fco_batches.json': { fco_batch: batch } });
    const { hook, invalidated } = setup();
    await act(() =>
      hook.result.current.mutateAsync({
        path: 'fco_batches',
        body: { fco_batch: { fco_reference: 'FCO-1' } },
        method: 'put',
        answer: FcoBatchResponseSchema,
      }),
    );
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { fco_batch: { fco_reference: 'FCO-1' } } });
    expect(invalidated()).toContainEqual(queryKeys.orderItems.detail(key));
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends an upload as it is, without a lock version in it', async () => {
    const requests = stubApi({
      '/api/v1/order_items/100234-1/attachments.json': { order_item: orderItemDetail() },
    });
    const { hook } = setup();
    const form = new FormData();
    form.append('note', 'scan');
    await act(() =>
      hook.result.current.mutateAsync({
        path: 'order_items/100234-1/attachments',
        body: form,
        lockVersion: 3,
      }),
    );
    expect(requests[0].body).toBe(form);
  });

  it('reloads the item after a conflict, and only then', async () => {
    stubApi({});
    const { hook, invalidated } = setup();
    const error = await act(() =>
      hook.result.current
        .mutateAsync({ path: 'order_items/100234-1/nothing', lockVersion: 3 })
        .catch((e: unknown) => e),
    );
    expect((error as ApiError).status).toBe(404);
    expect(invalidated()).toEqual([queryKeys.orderItems.detail(key)]);
  });
});

describe('listedOrderItem', () => {
  it('finds the row of the item in any list the cache holds, by ref or id, and nothing else', () => {
    const client = new QueryClient();
    const row = orderItem({ id: 41, ref: '100241-1' });
    client.setQueryData(['order_items', 'queue', { page: 1 }], {
      order_items: [orderItem({ id: 7, ref: '7-1' }), row],
    });
    client.setQueryData(['users', 'orderers'], { orderers: [] });
    client.setQueryData(['search', 'x'], { order_items: 'not a list' });
    expect(listedOrderItem(client, '100241-1')).toBe(row);
    expect(listedOrderItem(client, '41')).toBe(row);
    expect(listedOrderItem(client, '100241-2')).toBeNull();
    expect(listedOrderItem(new QueryClient(), '100241-1')).toBeNull();
  });
});
