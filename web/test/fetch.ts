/**
 * A stand-in for the browser's fetch in the SPA's unit tests: answers each request from the first route whose
 * path (before the query string) matches, and records the requests. Test code only.
 */
import { vi } from 'vitest';

/** One recorded request: its URL and method. */
export interface FetchedRequest {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Stubs `fetch`: `routes` maps an API URL path to the JSON it answers (200), anything else is a 404.
 * `delay`: a promise to answer a request's URL after (undefined: at once).
 */
export function stubApi(
  routes: Record<string, unknown>,
  { delay }: { delay?: (url: string) => Promise<void> | undefined } = {},
): FetchedRequest[] {
  const requests: FetchedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      requests.push({ url, method: init.method ?? 'GET', body });
      await delay?.(url);
      const path = url.split('?')[0];
      if (!(path in routes)) {
        return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
      }
      return Response.json(routes[path]);
    }),
  );
  return requests;
}
