// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fetch';
import { bulkAction, downloadCsv } from './bulk';
import { ApiError, setCsrfToken, setUnauthorizedHandler } from './client';
import { orderContextQuery } from './order-context';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCsrfToken(null);
});

describe('bulkAction', () => {
  it('POSTs the request with the CSRF token and answers the per-item results, checked by their schema', async () => {
    setCsrfToken('tok-9');
    const answer = {
      results: [
        { id: 1, ref: '100234-1', status: 'done', message: null },
        { id: 2, ref: null, status: 'refused', message: 'Order item not found.' },
      ],
      done: 1,
      refused: 1,
      undo: { token: 'x'.repeat(43), expires_at: '2026-11-24T09:15:10.000Z' },
    };
    const requests = stubApi({ '/api/v1/order_items/bulk.json': answer });
    const request = { bulk: { action: 'flag' as const, order_item_ids: [1, 2] } };
    await expect(bulkAction(request)).resolves.toEqual(answer);
    expect(requests).toEqual([{ url: '/api/v1/order_items/bulk.json', method: 'POST', body: request }]);
    const init = vi.mocked(fetch).mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-9');
  });

  it('refuses an answer that is not a bulk response', async () => {
    stubApi({ '/api/v1/order_items/bulk.json': { results: 'nope' } });
    await expect(bulkAction({ bulk: { action: 'unflag', order_item_ids: [1] } })).rejects.toMatchObject({
      code: 'bad_response',
    });
  });
});

/** Stubs fetch with one answer and records what it was asked. */
function stubFile(response: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return response;
    }),
  );
  return calls;
}

/** Catches the download link's click instead of navigating. */
function catchDownloads() {
  const clicks: { download: string; href: string }[] = [];
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ download: this.download, href: this.href });
  });
  return { clicks, blobs };
}

describe('downloadCsv', () => {
  it('POSTs the ids to export.csv and downloads the file under the name the server gives', async () => {
    setCsrfToken('tok-3');
    const calls = stubFile(
      new Response('\ufeffRef\r\n100234-1\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="order-items-2026-03-01.csv"',
        },
      }),
    );
    const { clicks, blobs } = catchDownloads();
    await downloadCsv([3, 1]);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/v1/order_items/export.csv');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ order_item_ids: [3, 1] });
    expect((calls[0].init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-3');
    expect(clicks).toEqual([{ download: 'order-items-2026-03-01.csv', href: 'blob:csv' }]);
    expect(await blobs[0].text()).toContain('100234-1');
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('turns a refusal into an ApiError and downloads nothing; a 401 starts the sign-in', async () => {
    stubFile(
      Response.json(
        { error: { code: 'invalid_input', message: 'Select at least one item.' } },
        { status: 422 },
      ),
    );
    const { clicks } = catchDownloads();
    const error = await downloadCsv([]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'invalid_input', message: 'Select at least one item.' });
    expect(clicks).toEqual([]);

    const redirects: string[] = [];
    setUnauthorizedHandler((to) => redirects.push(to));
    stubFile(new Response('', { status: 401 }));
    await expect(downloadCsv([1])).rejects.toMatchObject({ status: 401 });
    expect(redirects).toHaveLength(1);
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(downloadCsv([1])).rejects.toMatchObject({ code: 'network_error' });
  });
});

describe('orderContextQuery', () => {
  it('GETs the context of the item by its ref, checked by its schema', async () => {
    const context = {
      order: { id: 5, ref: '100316', email: 'pat@example.test', customer_name: 'Pat Lee' },
      items: [
        {
          id: 9,
          ref: '100316-1',
          type: 'Birth Certificate',
          current_state: 'waiting_gro',
          state_label: 'Waiting GRO',
          state_group: 'waiting',
          user: null,
        },
      ],
      customer_orders: [],
      customer_order_count: 0,
    };
    const requests = stubApi({ '/api/v1/order_items/100316-1/context.json': context });
    await expect(new QueryClient().fetchQuery(orderContextQuery('100316-1'))).resolves.toEqual(context);
    expect(requests.map((r) => r.url)).toEqual(['/api/v1/order_items/100316-1/context.json']);
  });
});
