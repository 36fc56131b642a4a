/**
 * Test data through the real API, for browser tests that need records of their own (so parallel specs never
 * fight over the same demo item): a signed-in API client per user, and orders posted as the storefront does.
 */
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';

const STOREFRONT_KEY = 'demo-storefront-key';

export interface ApiClient {
  context: APIRequestContext;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  dispose(): Promise<void>;
}

/** Signs a demo user in over the API; calls carry the session cookie and the CSRF token. */
export async function apiAs(baseURL: string, email: string): Promise<ApiClient> {
  const context = await playwrightRequest.newContext({ baseURL });
  const signIn = await context.post('/api/v1/session.json', { data: { email, password: DEMO_PASSWORD } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string };
  const check = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(res.status(), `${res.url()} ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  // An order-item action carries the item's lock_version, as the SPA sends it from the page it shows (the
  // calls that e-mail or move money require one: docs/decisions/exactly-once.md).
  const withLockVersion = async (path: string, body: unknown) => {
    const item = /^order_items\/([^/]+)\/[a-z_]+$/.exec(path);
    if (!item || typeof body !== 'object' || body === null || 'lock_version' in body) return body;
    const shown = await check<{ order_item: { lock_version: number } }>(
      await context.get(`/api/v1/order_items/${item[1]}.json`),
    );
    return { ...body, lock_version: shown.order_item.lock_version };
  };
  return {
    context,
    get: async <T>(path: string) => check<T>(await context.get(`/api/v1/${path}.json`)),
    post: async <T>(path: string, body: unknown = {}) =>
      check<T>(
        await context.post(`/api/v1/${path}.json`, {
          data: await withLockVersion(path, body),
          headers: { 'x-csrf-token': csrf },
        }),
      ),
    put: async <T>(path: string, body: unknown) =>
      check<T>(await context.put(`/api/v1/${path}.json`, { data: body, headers: { 'x-csrf-token': csrf } })),
    dispose: () => context.dispose(),
  };
}

let refSeq = 0;
/** A fresh numeric order ref no demo order uses. */
export function uniqueOrderRef(): string {
  refSeq += 1;
  return `9${String(Date.now()).slice(-8)}${process.pid % 100}${refSeq}`;
}

export interface NewItem {
  orderable_type?: string;
  type?: string;
  net_value?: number;
  orderable?: Record<string, unknown>;
}

/** Posts a paid order as the storefront does; answers the order ref and its item refs. */
export async function createOrder(
  baseURL: string,
  items: NewItem[],
  customer = { name: 'Edith Example', email: 'edith@example.com' },
): Promise<{ ref: string; itemRefs: string[] }> {
  const context = await playwrightRequest.newContext({ baseURL });
  const ref = uniqueOrderRef();
  const res = await context.post('/api/v1/storefront/orders.json', {
    headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
    data: {
      order: {
        ref,
        email: customer.email,
        delivery_region: 'UK',
        placed_at: new Date().toISOString(),
        billing_address: { name: customer.name, line_1: '1 Test Street', city: 'London', zip: 'SW1A 1AA' },
        items: items.map((i) => {
          const line = i.orderable_type ?? 'Certificate';
          // A certificate's country belongs to certificates only: the storefront refuses it on other lines.
          const defaults = line === 'Certificate' ? { certificate_country: 'EW' } : {};
          return {
            orderable_type: line,
            type: i.type ?? 'Birth Certificate',
            net_value: i.net_value ?? 2800,
            orderable: { ...defaults, service_level: 'standard', ...i.orderable },
          };
        }),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await context.dispose();
  return { ref, itemRefs: items.map((_, n) => `${ref}-${n + 1}`) };
}

/** The id of a demo orderer by e-mail. */
export async function ordererId(api: ApiClient, email: string): Promise<number> {
  const { orderers } = await api.get<{ orderers: { id: number; email: string }[] }>('users/orderers');
  const found = orderers.find((o) => o.email === email);
  if (!found) throw new Error(`no orderer ${email}`);
  return found.id;
}

/** Assigns items (by ref) to an orderer as an admin. */
export async function assignItems(admin: ApiClient, refs: string[], toOrdererId: number): Promise<void> {
  const ids = await Promise.all(
    refs.map(
      async (ref) => (await admin.get<{ order_item: { id: number } }>(`order_items/${ref}`)).order_item.id,
    ),
  );
  await admin.post('order_items/assign_to_orderer', {
    order_assignment: { orderer_id: toOrdererId, order_item_ids: ids },
  });
}
