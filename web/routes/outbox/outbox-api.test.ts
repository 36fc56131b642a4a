// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { stubApi } from '../../test/fetch';
import { outboxKindsQuery, outboxMessageQuery, outboxQuery, resendMessage, retryMessage } from './outbox-api';

afterEach(() => vi.unstubAllGlobals());

const message = (status: string) => ({
  id: 7,
  kind: 'refund',
  to: 'jane@example.com',
  subject: 'Your refund',
  status,
  attempts: 1,
  last_error: null,
  order_item_ref: null,
  attachment_count: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  sent_at: null,
  resent_from_id: null,
});

describe('the outbox calls', () => {
  it('ask for a page with its filters, the kinds and one message, under the outbox key', async () => {
    const page = { page: 2, per_page: 50, total_count: 0, total_pages: 0, messages: [] };
    const requests = stubApi({
      '/api/v1/outbox.json': page,
      '/api/v1/outbox/kinds.json': { kinds: ['refund'] },
    });
    const client = new QueryClient();
    await client.fetchQuery(outboxQuery({ status: 'failed', to: 'jane' }, 2));
    expect((await client.fetchQuery(outboxKindsQuery)).kinds).toEqual(['refund']);
    await expect(client.fetchQuery({ ...outboxMessageQuery(7), retry: false })).rejects.toThrow('Not found.');
    expect(requests.map((r) => r.url)).toEqual([
      '/api/v1/outbox.json?status=failed&to=jane&page=2',
      '/api/v1/outbox/kinds.json',
      '/api/v1/outbox/7.json',
    ]);
    for (const key of [
      outboxQuery({}, 1).queryKey,
      outboxKindsQuery.queryKey,
      outboxMessageQuery(7).queryKey,
    ])
      expect(key[0]).toBe(queryKeys.outbox.all[0]);
  });

  it('fetch a page again every few seconds only while one of its messages is on its way', () => {
    const interval = outboxQuery({}, 1).refetchInterval;
    const at = (status: string) =>
      typeof interval === 'function'
        ? interval({ state: { data: { messages: [message(status)] } } } as never)
        : interval;
    expect(at('sending')).toBe(5_000);
    expect(at('pending')).toBe(5_000);
    expect(at('sent')).toBe(false);
  });

  it('retry and resend a message, the resend with its key', async () => {
    const requests = stubApi({
      '/api/v1/outbox/7/retry.json': { message: message('pending') },
      '/api/v1/outbox/7/resend.json': {},
    });
    await retryMessage(7);
    await resendMessage(7, 'key-1').catch(() => {});
    expect(requests.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.body)}`)).toEqual([
      'POST /api/v1/outbox/7/retry.json {}',
      'POST /api/v1/outbox/7/resend.json {"resend_key":"key-1"}',
    ]);
  });
});
