// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { CurrentUserSchema, NotificationListSchema } from '../../domain/contract/session';
import { connection } from '../lib/connection';
import {
  ApiError,
  answerChecks,
  api,
  apiUrl,
  currentLocationForReturn,
  getCsrfToken,
  isApiError,
  setCsrfToken,
  setUnauthorizedHandler,
  signInPath,
} from './client';

type Call = { url: string; init: RequestInit };

function stubFetch(status: number, body: unknown) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const headersOf = (call: Call) => call.init.headers as Record<string, string>;

// Small answer schemas for the calls below; the client checks whatever schema it is given the same way.
const EmptySchema = z.object({});
const ItemAnswerSchema = z.object({ order_item: z.object({ id: z.number().int(), ref: z.string() }) });
const currentUser = {
  user: { id: 1, name: 'Ada Admin', email: 'admin@demo.test', role: 'admin', is_orderer: false },
  csrf_token: 'fresh',
};

describe('api client', () => {
  const redirects: string[] = [];

  beforeEach(() => {
    setCsrfToken(null);
    redirects.length = 0;
    setUnauthorizedHandler((returnTo) => redirects.push(returnTo));
    window.history.replaceState(null, '', '/orders/100234-2?tab=notes');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('prefixes /api/v1 and appends .json, whatever form the path takes', () => {
    expect(apiUrl('order_items/dashboard')).toBe('/api/v1/order_items/dashboard.json');
    expect(apiUrl('/order_items/100234-1/escalate')).toBe('/api/v1/order_items/100234-1/escalate.json');
    expect(apiUrl('notifications.json')).toBe('/api/v1/notifications.json');
    expect(apiUrl('conversations/active', { active: true, page: 2, skip: undefined })).toBe(
      '/api/v1/conversations/active.json?active=true&page=2',
    );
  });

  it('sends JSON with credentials and the CSRF token as X-CSRF-Token', async () => {
    setCsrfToken('tok-123');
    const calls = stubFetch(200, { order_item: { id: 1, ref: '1-1' } });
    const result = await api.post(
      'order_items/1-1/escalate',
      { escalation: { message: 'Late' } },
      ItemAnswerSchema,
    );
    expect(result.order_item.id).toBe(1);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.url).toBe('/api/v1/order_items/1-1/escalate.json');
    expect(call.init.method).toBe('POST');
    expect(call.init.credentials).toBe('same-origin');
    expect(headersOf(call)['X-CSRF-Token']).toBe('tok-123');
    expect(headersOf(call)['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(call.init.body))).toEqual({ escalation: { message: 'Late' } });
  });

  it('sends the token on GET, PUT and DELETE too', async () => {
    setCsrfToken('tok-9');
    const calls = stubFetch(200, {});
    await api.get('notifications', EmptySchema);
    await api.put('order_items/5', { order_attributes: { id: 1 } }, EmptySchema);
    await api.delete('session', EmptySchema);
    expect(calls.map((c) => c.init.method)).toEqual(['GET', 'PUT', 'DELETE']);
    for (const c of calls) expect(headersOf(c)['X-CSRF-Token']).toBe('tok-9');
    expect(calls[0].init.body).toBeUndefined();
    expect(calls[2].init.body).toBeUndefined();
  });

  it('remembers the csrf_token a response hands out (sign-in, current user)', async () => {
    stubFetch(200, currentUser);
    await api.get('users/current_user', CurrentUserSchema);
    expect(getCsrfToken()).toBe('fresh');
  });

  it('answers what the schema parsed, typed by it', async () => {
    stubFetch(200, { notifications: [], unread_count: 3, extra: 'dropped' });
    const result = await api.get('notifications', NotificationListSchema);
    expectTypeOf(result).toEqualTypeOf<z.infer<typeof NotificationListSchema>>();
    expect(result).toEqual({ notifications: [], unread_count: 3 });
  });

  it('sends a call at once when its schema is still loading, and checks the answer once it is there', async () => {
    const calls = stubFetch(200, { notifications: [], unread_count: 1 });
    let loaded!: (schema: typeof NotificationListSchema) => void;
    const schema = new Promise<typeof NotificationListSchema>((resolve) => {
      loaded = resolve;
    });
    const answer = api.get('notifications', schema);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    loaded(NotificationListSchema);
    const result = await answer;
    expectTypeOf(result).toEqualTypeOf<z.infer<typeof NotificationListSchema>>();
    expect(result).toEqual({ notifications: [], unread_count: 1 });
  });

  it('has no call without a schema: a type argument is no longer a cast', () => {
    const unchecked = () =>
      // @ts-expect-error every call names the schema of its answer
      api.get<{ id: number }>('notifications');
    expect(unchecked).toBeTypeOf('function');
  });

  it('in the production build, answers at once and checks the answer when the page is idle, logging a refusal', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerChecks.mode = 'when_idle';
    try {
      const body = { order_item: { id: '1', ref: '1-1' } };
      stubFetch(200, body);
      await expect(api.post('order_items/1-1/escalate', {}, ItemAnswerSchema)).resolves.toEqual(body);
      await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(1));
      expect(log.mock.calls[0][0]).toContain('POST /api/v1/order_items/1-1/escalate.json answered 200');
      log.mockClear();
      stubFetch(200, { order_item: { id: 1, ref: '1-1' } });
      await api.post('order_items/1-1/escalate', {}, ItemAnswerSchema);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(log).not.toHaveBeenCalled();
    } finally {
      answerChecks.mode = 'before_use';
      log.mockRestore();
    }
  });

  it('turns an answer the schema refuses into ApiError bad_response, and logs the issues', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(200, { order_item: { id: '1', ref: '1-1' } });
    const error = (await api
      .post('order_items/1-1/escalate', {}, ItemAnswerSchema)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
    expect(error.code).toBe('bad_response');
    expect(error.message).toBe(
      'The server sent an answer this page does not understand. Reload the page; if it persists, tell support.',
    );
    expect(log).toHaveBeenCalledTimes(1);
    const [message, issues] = log.mock.calls[0];
    expect(message).toContain('POST /api/v1/order_items/1-1/escalate.json answered 200');
    expect(issues).toEqual([expect.objectContaining({ path: ['order_item', 'id'], code: 'invalid_type' })]);
    expect(redirects).toEqual([]);
    log.mockRestore();
  });

  it('refuses a successful answer that is not JSON (a proxy page instead of the API)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Gateway</html>', { status: 200 })),
    );
    const error = (await api
      .get('notifications', NotificationListSchema)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('bad_response');
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('parses the error shape into an ApiError with status, code, message and details', async () => {
    stubFetch(422, {
      error: { code: 'invalid_input', message: 'Check the form.', details: { message: 'Required' } },
    });
    const error = await api.post('order_items/1-1/escalate', {}, ItemAnswerSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.code).toBe('invalid_input');
    expect(apiError.message).toBe('Check the form.');
    expect(apiError.details).toEqual({ message: 'Required' });
    expect(apiError.fieldErrors).toEqual({ message: 'Required' });
    expect(redirects).toEqual([]);
  });

  it('reads the field errors the server sends as [{field, message}] by path and by name', () => {
    const error = new ApiError(422, 'invalid_input', 'Check the highlighted fields.', [
      { field: 'fco_batch.fco_reference', message: 'Enter the FCO reference.' },
      { field: 'order_item_ids', message: 'Tick at least one apostille item.' },
    ]);
    expect(error.fieldErrors).toEqual({
      'fco_batch.fco_reference': 'Enter the FCO reference.',
      fco_reference: 'Enter the FCO reference.',
      order_item_ids: 'Tick at least one apostille item.',
    });
  });

  it('gives a readable ApiError when the body is not the error shape', async () => {
    stubFetch(409, undefined);
    const error = (await api.get('order_items/1', ItemAnswerSchema).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.code).toBe('http_409');
    expect(error.message).toMatch(/someone else changed/i);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = (await api
      .get('notifications', NotificationListSchema)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
  });

  it('says the connection is lost on a network failure or a proxy 502–504, and back on any answer of the app', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await api.get('notifications', NotificationListSchema).catch(() => undefined);
    expect(connection.isLost()).toBe(true);
    stubFetch(404, { error: { code: 'not_found', message: 'No such item.' } });
    await api.get('order_items/9-9', EmptySchema).catch(() => undefined);
    expect(connection.isLost()).toBe(false);
    stubFetch(504, undefined);
    await api.get('notifications', NotificationListSchema).catch(() => undefined);
    expect(connection.isLost()).toBe(true);
    // The app's own 503 (its database is briefly down) is an answer: the action failed, the server is there.
    stubFetch(503, { error: { code: 'unavailable', message: 'Try again shortly.' } });
    await api.get('notifications', NotificationListSchema).catch(() => undefined);
    expect(connection.isLost()).toBe(false);
    stubFetch(502, undefined);
    await api.get('notifications', NotificationListSchema).catch(() => undefined);
    expect(connection.isLost()).toBe(true);
    stubFetch(200, {});
    await api.get('order_items/1-1', EmptySchema);
    expect(connection.isLost()).toBe(false);
  });

  it('on 401 forgets the token and sends the user to sign-in, remembering where they were', async () => {
    setCsrfToken('old');
    stubFetch(401, { error: { code: 'unauthenticated', message: 'Please sign in.' } });
    const error = (await api.get('order_items/dashboard', EmptySchema).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(redirects).toEqual(['/orders/100234-2?tab=notes']);
    expect(getCsrfToken()).toBeNull();
    expect(signInPath(redirects[0])).toBe('/sign-in?next=%2Forders%2F100234-2%3Ftab%3Dnotes');
  });

  it('does not redirect a 401 the caller expects (wrong password on the sign-in form)', async () => {
    stubFetch(401, { error: { code: 'invalid_credentials', message: 'Wrong e-mail or password.' } });
    const error = (await api
      .post('session', { email: 'a@b.c', password: 'x' }, CurrentUserSchema, { allowUnauthorized: true })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('invalid_credentials');
    expect(error.message).toBe('Wrong e-mail or password.');
    expect(redirects).toEqual([]);
  });

  it('sends a 401 to plain /sign-in when the user was on the dashboard', () => {
    expect(signInPath('/dashboard')).toBe('/sign-in');
  });

  it('sends a FormData body as it is, letting the browser set the multipart Content-Type', async () => {
    const calls = stubFetch(200, {});
    const form = new FormData();
    form.append('file', new Blob(['%PDF']), 'scan.pdf');
    await api.post('order_items/1-1/attachments', form, EmptySchema);
    expect(calls[0].init.body).toBe(form);
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined();
  });

  it('sends {} for a POST or PUT without a body', async () => {
    const calls = stubFetch(200, {});
    await api.post('order_items/1-1/toggle_flag', undefined, EmptySchema);
    await api.put('order_items/1-1', null, EmptySchema);
    expect(calls.map((c) => c.init.body)).toEqual(['{}', '{}']);
  });

  it('lets a cancelled request fail as the abort it is, not as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    const error = await api.get('notifications', NotificationListSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('names the status when it has no readable message for it, and keeps the details out', async () => {
    stubFetch(502, { error: { code: 42, message: 'not the error shape' } });
    const error = (await api
      .get('notifications', NotificationListSchema)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('http_502');
    expect(error.message).toBe('The server answered 502. Please try again.');
    expect(error.fieldErrors).toEqual({});
  });

  it('gives the fallback message of each status it knows', async () => {
    const expected: Record<number, RegExp> = {
      403: /not allowed/,
      404: /not found/i,
      413: /too large/,
      422: /check the form/,
      429: /too many attempts/i,
    };
    for (const [status, message] of Object.entries(expected)) {
      stubFetch(Number(status), undefined);
      const error = (await api.get('x', EmptySchema).catch((e: unknown) => e)) as ApiError;
      expect(error.message).toMatch(message);
    }
  });

  it('reads a map of field errors whose values are lists, taking the first message', () => {
    const error = new ApiError(422, 'invalid_input', 'Check the form.', {
      'order.email': ['Enter an e-mail.', 'Too long.'],
      ignored: 3,
    });
    expect(error.fieldErrors).toEqual({ 'order.email': 'Enter an e-mail.', email: 'Enter an e-mail.' });
  });

  it('returns to where the user was, but never to sign-in itself', () => {
    expect(currentLocationForReturn()).toBe('/orders/100234-2?tab=notes');
    window.history.replaceState(null, '', '/sign-in?next=%2Fusers');
    expect(currentLocationForReturn()).toBe('/dashboard');
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath('')).toBe('/sign-in');
  });

  it('isApiError tells an API failure, of any status or of one', () => {
    const error = new ApiError(404, 'not_found', 'Not found.');
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 404)).toBe(true);
    expect(isApiError(error, 409)).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});
