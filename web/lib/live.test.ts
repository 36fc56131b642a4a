import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyChangeHints } from './live';

function clientWith(keys: string[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { ok: true });
  return client;
}
const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey[0]);

describe('applyChangeHints', () => {
  it('a notification hint refreshes only the notifications', () => {
    const client = clientWith([['notifications'], ['order_items', 'A1'], ['users', 'current_user']]);
    applyChangeHints(client, [{ topic: 'notification', id: null }]);
    expect(stale(client)).toEqual(['notifications']);
  });

  it('an item hint refreshes the work lists but not the user, orderers or reference lists', () => {
    const client = clientWith([
      ['notifications'],
      ['order_items', 'A1'],
      ['conversations', 'active'],
      ['users', 'current_user'],
      ['reference', 'registries'],
    ]);
    applyChangeHints(client, [{ topic: 'order_item', id: 'A1' }]);
    expect(stale(client).sort()).toEqual(['conversations', 'order_items']);
  });
});
