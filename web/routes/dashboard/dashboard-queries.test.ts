// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUEUE_VIEW } from '../../components/queue-view';
import { stubApi } from '../../test/fetch';
import {
  conversationsQuery,
  ordererStatsQuery,
  unassignedItemsQuery,
  unpaidCartsQuery,
  waitingFcoBatchesQuery,
} from './dashboard-queries';

afterEach(() => vi.unstubAllGlobals());

describe('dashboard queries', () => {
  it('each card reads its own resource, paged where the list is long', async () => {
    const paging = { page: 2, per_page: 25, total_count: 0, total_pages: 0 };
    const requests = stubApi({
      '/api/v1/order_items/dashboard.json': { ...paging, order_items: [] },
      '/api/v1/orderers/stats.json': { stats: [] },
      '/api/v1/fco_batches/waiting_fco.json': { fco_batches: [] },
      '/api/v1/carts/unpaid.json': { carts: [] },
      '/api/v1/conversations/active.json': { ...paging, conversations: [] },
    });
    const client = new QueryClient();
    await client.fetchQuery(unassignedItemsQuery({ ...DEFAULT_QUEUE_VIEW, page: 3 }));
    await client.fetchQuery(ordererStatsQuery);
    await client.fetchQuery(waitingFcoBatchesQuery);
    expect((await client.fetchQuery(unpaidCartsQuery)).carts).toEqual([]);
    expect((await client.fetchQuery(conversationsQuery(false, 2))).conversations).toEqual([]);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/v1/order_items/dashboard.json?page=3',
      '/api/v1/orderers/stats.json',
      '/api/v1/fco_batches/waiting_fco.json',
      '/api/v1/carts/unpaid.json',
      '/api/v1/conversations/active.json?active=false&page=2',
    ]);
  });

  it('keys every list under its API resource, which the live updates refresh by', () => {
    expect(unassignedItemsQuery(DEFAULT_QUEUE_VIEW).queryKey[0]).toBe('order_items');
    expect(conversationsQuery(true, 1).queryKey).toEqual([
      'conversations',
      'active',
      { active: true, page: 1 },
    ]);
  });
});
