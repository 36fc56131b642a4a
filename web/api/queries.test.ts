// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTER } from '../components/list-filter';
import { stubApi } from '../test/fetch';
import { getCsrfToken, setCsrfToken } from './client';
import {
  currentUserQuery,
  fcoBatchesQuery,
  fcoBatchQuery,
  myOrdersQuery,
  notificationsQuery,
  ordererQueueQuery,
  ordererStatsQuery,
  orderersQuery,
  type QueueView,
} from './queries';

const page = { page: 1, per_page: 100, total_count: 0, total_pages: 0, order_items: [] };
const batch = {
  id: 7,
  ref: 'FCO-7',
  state: 'pending_despatch',
  fco_reference: 'FCO-2026-1',
  fco_cost: 6000,
  despatched_on: null,
  despatch_cost: null,
  despatch_reference: null,
  received_on: null,
  lock_version: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  order_items: [{ id: 1, ref: '100234-1' }],
};
const view: QueueView = { page: 2, sort: 'ref', dir: 'desc', filter: EMPTY_FILTER };

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('query options', () => {
  it('the current user comes with the CSRF token, which the client then sends', async () => {
    stubApi({
      '/api/v1/users/current_user.json': {
        user: { id: 1, name: 'Ada Admin', email: 'admin@demo.test', role: 'admin', is_orderer: false },
        csrf_token: 'tok-1',
      },
    });
    const data = await new QueryClient().fetchQuery(currentUserQuery);
    expect(data.user.name).toBe('Ada Admin');
    expect(getCsrfToken()).toBe('tok-1');
  });

  it('each list is one GET of its resource, checked by its schema', async () => {
    const requests = stubApi({
      '/api/v1/notifications.json': { notifications: [], unread_count: 0 },
      '/api/v1/users/orderers.json': {
        orderers: [{ id: 2, name: 'Alice', email: 'alice@demo.test', role: 'orderer' }],
      },
      '/api/v1/orderers/stats.json': { stats: [] },
      '/api/v1/fco_batches/pending_despatch.json': { fco_batches: [batch] },
      '/api/v1/fco_batches/FCO%2F7.json': { fco_batch: batch },
    });
    const client = new QueryClient();
    expect((await client.fetchQuery(notificationsQuery)).unread_count).toBe(0);
    expect((await client.fetchQuery(orderersQuery)).orderers[0].name).toBe('Alice');
    expect((await client.fetchQuery(ordererStatsQuery)).stats).toEqual([]);
    expect((await client.fetchQuery(fcoBatchesQuery('pending_despatch'))).fco_batches).toHaveLength(1);
    expect((await client.fetchQuery(fcoBatchQuery('FCO/7'))).fco_batch.ref).toBe('FCO-7');
    expect(requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('a queue sends its view as the query, the filter only when there is one', async () => {
    const requests = stubApi({
      '/api/v1/order_items/my_orders.json': page,
      '/api/v1/orderers/2/order_items.json': {
        ...page,
        orderer: { id: 2, name: 'Alice', email: 'alice@demo.test' },
        stats: null,
        fco_batches_to_despatch: [],
      },
    });
    const client = new QueryClient();
    await client.fetchQuery(myOrdersQuery(view));
    await client.fetchQuery(
      ordererQueueQuery('2', {
        ...view,
        filter: { ...EMPTY_FILTER, q: 'Smith', state: ['waiting_gro', 'waiting_fco'], flag: ['overdue'] },
      }),
    );
    expect(requests.map((r) => r.url)).toEqual([
      '/api/v1/order_items/my_orders.json?page=2&sort=ref&dir=desc',
      // The filter travels as the contract's query parameters, lists comma-separated.
      '/api/v1/orderers/2/order_items.json?page=2&sort=ref&dir=desc&state=waiting_gro%2Cwaiting_fco&flag=overdue&q=Smith',
    ]);
  });

  it('keys each queue by its view, so every page and sort is cached on its own', () => {
    expect(myOrdersQuery(view).queryKey).toEqual(['order_items', 'my_orders', view]);
    expect(ordererQueueQuery('2', view).queryKey).toEqual(['orderers', '2', 'order_items', view]);
  });
});
