// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ordererStatsQuery } from '../../api/queries';
import { EMPTY_FILTER } from '../../components/list-filter';
import { DEFAULT_QUEUE_VIEW } from '../../components/queue-view';
import { stubApi } from '../../test/fetch';
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
      '/api/v1/orderers/stats.json': { stats: [] },
    };
    const settled = (client: QueryClient) =>
      vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 2000 });

    it('asks for the items to assign at the URL, under the key the card reads, and nothing else', async () => {
      const requests = stubApi(answers);
      const client = new QueryClient();
      await prefetchDashboard(client, new URL('http://localhost/dashboard?page=2&q=smith'));
      await settled(client);
      // The other cards ask for theirs as they mount, after the list's first paint.
      expect(requests.map((r) => r.url)).toEqual(['/api/v1/order_items/dashboard.json?page=2&q=smith']);
      const view = { ...DEFAULT_QUEUE_VIEW, page: 2, filter: { ...EMPTY_FILTER, q: 'smith' } };
      expect(client.getQueryState(unassignedItemsQuery(view).queryKey)).toMatchObject({ status: 'success' });
    });

    it('answers once the list is in', async () => {
      let answerList: () => void = () => {};
      const listAnswered = new Promise<void>((resolve) => {
        answerList = resolve;
      });
      stubApi(answers, {
        delay: (url) => (url.startsWith('/api/v1/order_items/dashboard.json') ? listAnswered : undefined),
      });
      const client = new QueryClient();
      let answered = false;
      const first = prefetchDashboard(client, new URL('http://localhost/dashboard')).then(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      answerList();
      await first;
      expect(answered).toBe(true);
    });

    it('leaves a list still fresh alone', async () => {
      const requests = stubApi(answers);
      // The app's client keeps answers fresh for 15 s (web/app.tsx).
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000 } } });
      await client.fetchQuery(unassignedItemsQuery(DEFAULT_QUEUE_VIEW));
      requests.length = 0;
      await prefetchDashboard(client, new URL('http://localhost/dashboard'));
      expect(requests).toEqual([]);
    });
  });
});
