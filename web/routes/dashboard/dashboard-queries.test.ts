// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escalationsQuery } from '../../api/escalations';
import { ordererStatsQuery, orderersQuery } from '../../api/queries';
import { EMPTY_FILTER } from '../../components/list-filter';
import { DEFAULT_ESCALATIONS_VIEW, DEFAULT_QUEUE_VIEW } from '../../components/queue-view';
import { stubApi } from '../../test/fetch';
import { assigneesQuery } from './conversation-assignees';
import {
  conversationsQuery,
  prefetchDashboard,
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

  describe('the route prefetch', () => {
    const paging = { page: 1, per_page: 100, total_count: 0, total_pages: 0 };
    const answers = {
      '/api/v1/order_items/dashboard.json': { ...paging, order_items: [] },
      '/api/v1/users/orderers.json': { orderers: [] },
      '/api/v1/order_items/escalations.json': {
        ...paging,
        order_items: [],
        by_stage: { gro_order: 0, gro_reorder: 0, apostille: 0, scan_send: 0, despatch: 0, gro_refunded: 0 },
      },
      '/api/v1/conversations/active.json': { ...paging, per_page: 25, conversations: [] },
      '/api/v1/conversations/assignees.json': { assignees: [] },
      '/api/v1/orderers/stats.json': { stats: [] },
      '/api/v1/fco_batches/waiting_fco.json': { fco_batches: [] },
      '/api/v1/carts/unpaid.json': { carts: [] },
    };
    const settled = (client: QueryClient) =>
      vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 2000 });

    it("asks for every card's data, the items to assign first, under the keys the cards read", async () => {
      const requests = stubApi(answers);
      const client = new QueryClient();
      prefetchDashboard(client, true, new URL('http://localhost/dashboard?page=2&q=smith'));
      await settled(client);
      expect(requests.map((r) => r.url)).toEqual([
        '/api/v1/order_items/dashboard.json?page=2&q=smith',
        '/api/v1/users/orderers.json',
        '/api/v1/order_items/escalations.json?page=1&sort=escalated_at&dir=asc',
        '/api/v1/conversations/active.json?active=true&page=1',
        '/api/v1/conversations/assignees.json',
        '/api/v1/orderers/stats.json',
        '/api/v1/fco_batches/waiting_fco.json',
        '/api/v1/carts/unpaid.json',
      ]);
      // What each card asks for as it first renders at that URL is already there, none of it failed.
      const view = { ...DEFAULT_QUEUE_VIEW, page: 2, filter: { ...EMPTY_FILTER, q: 'smith' } };
      for (const { queryKey } of [
        unassignedItemsQuery(view),
        orderersQuery,
        escalationsQuery(DEFAULT_ESCALATIONS_VIEW),
        conversationsQuery(true, 1),
        assigneesQuery,
        ordererStatsQuery,
        waitingFcoBatchesQuery,
        unpaidCartsQuery,
      ])
        expect(client.getQueryState(queryKey), JSON.stringify(queryKey)).toMatchObject({ status: 'success' });
    });

    it('asks for the other cards only once the items to assign have answered', async () => {
      let answerList: () => void = () => {};
      const listAnswered = new Promise<void>((resolve) => {
        answerList = resolve;
      });
      const requests = stubApi(answers, {
        delay: (url) => (url.startsWith('/api/v1/order_items/dashboard.json') ? listAnswered : undefined),
      });
      const client = new QueryClient();
      const first = prefetchDashboard(client, true, new URL('http://localhost/dashboard'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests.map((r) => r.url.split('?')[0])).toEqual(['/api/v1/order_items/dashboard.json']);
      answerList();
      await first;
      await settled(client);
      expect(requests).toHaveLength(8);
    });

    it("leaves out an orderer's hidden cards and anything still fresh", async () => {
      const requests = stubApi(answers);
      // The app's client keeps answers fresh for 15 s (web/app.tsx).
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000 } } });
      await client.fetchQuery(ordererStatsQuery);
      requests.length = 0;
      prefetchDashboard(client, false, new URL('http://localhost/dashboard'));
      await settled(client);
      expect(requests.map((r) => r.url.split('?')[0])).toEqual([
        '/api/v1/order_items/dashboard.json',
        '/api/v1/conversations/active.json',
        '/api/v1/conversations/assignees.json',
        '/api/v1/fco_batches/waiting_fco.json',
        '/api/v1/carts/unpaid.json',
      ]);
    });
  });
});
