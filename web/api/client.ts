/**
 * The one way the SPA talks to the server. Every call goes to `/api/v1/<path>.json`, sends and receives
 * JSON with the session cookie, carries the CSRF token as `X-CSRF-Token`, turns the error shape
 * `{error:{code,message,details}}` into an `ApiError`, and on 401 sends the user to sign-in. Every call
 * names the zod schema of its answer (domain/contract): the answer is checked
 * with it and typed by it, and one that does not match is an `ApiError` with the code `bad_response`.
 */
import type { z } from 'zod';
import type { ApiErrorBody } from '../../domain/contract/session';
import { connection, isGatewayFailure } from '../lib/connection';
import { paths } from '../paths';
import { isPlainSchema } from './plain-schema';

/** A failed API call: the HTTP status and the server's error code, message and details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /**
   * Field errors of a 422 by field path (e.g. `fco_batch.fco_reference`) and by its last segment
   * (`fco_reference`). The server sends `details: [{field, message}]`; a plain object is accepted too.
   */
  get fieldErrors(): Record<string, string> {
    const d = this.details;
    const out: Record<string, string> = {};
    const add = (field: string, message: string) => {
      out[field] ??= message;
      const last = field.split('.').pop();
      if (last) out[last] ??= message;
    };
    if (Array.isArray(d)) {
      for (const entry of d) {
        if (entry && typeof entry === 'object' && 'field' in entry && 'message' in entry)
          add(String(entry.field), String(entry.message));
      }
    } else if (d && typeof d === 'object') {
      for (const [k, v] of Object.entries(d)) {
        if (typeof v === 'string') add(k, v);
        else if (Array.isArray(v) && typeof v[0] === 'string') add(k, v[0]);
      }
    }
    return out;
  }
}

export const API_BASE = '/api/v1';

// The synchronizer token of the current session; handed out by sign-in and current_user.
let csrfToken: string | null = null;

/** Remembers the CSRF token of the session (done for you by any response that carries `csrf_token`). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

/** The path of the SPA to return to after signing in: where the user is now, sign-in itself excluded. */
export function currentLocationForReturn(): string {
  const { pathname, search } = window.location;
  return pathname.startsWith(paths.signIn) ? paths.dashboard : `${pathname}${search}`;
}

/** Where a 401 sends the user; `next` is the path to come back to. */
export function signInPath(next: string): string {
  return next && next !== '/' && next !== paths.dashboard
    ? `${paths.signIn}?next=${encodeURIComponent(next)}`
    : paths.signIn;
}

type UnauthorizedHandler = (returnTo: string) => void;

let onUnauthorized: UnauthorizedHandler = (returnTo) => {
  window.location.assign(signInPath(returnTo));
};

/** Lets the app send 401s through its router instead of a full page load. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  /** Query-string parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Skip the sign-in redirect on 401 (the sign-in form itself answers 401 for wrong credentials). */
  allowUnauthorized?: boolean;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `order_items/dashboard` → `/api/v1/order_items/dashboard.json` (a leading slash or `.json` is fine too). */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const clean = path.replace(/^\/+/, '').replace(/^api\/v1\//, '');
  const withSuffix = clean.endsWith('.json') ? clean : `${clean}.json`;
  let url = `${API_BASE}/${withSuffix}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  return url;
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const e = (body as { error: unknown }).error;
  return !!e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string';
}

const fallbackMessages: Record<number, string> = {
  401: 'Please sign in again.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'Someone else changed this record. Reload and try again.',
  413: 'The file is too large.',
  422: 'Please check the form.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

/** The code of an ApiError for a successful answer whose body does not match the call's schema. */
const BAD_RESPONSE = 'bad_response';

const BAD_RESPONSE_MESSAGE =
  'The server sent an answer this page does not understand. Reload the page; if it persists, tell support.';

/** The ApiError of a refused call (from its error body when it has one); a 401 also starts the sign-in. */
function failure(status: number, parsed: unknown, opts: RequestOptions): ApiError {
  const error = isErrorBody(parsed)
    ? new ApiError(
        status,
        parsed.error.code,
        parsed.error.message,
        'details' in parsed.error ? parsed.error.details : undefined,
      )
    : new ApiError(
        status,
        `http_${status}`,
        fallbackMessages[status] ?? `The server answered ${status}. Please try again.`,
      );
  if (status === 401 && !opts.allowUnauthorized) {
    csrfToken = null;
    onUnauthorized(currentLocationForReturn());
  }
  return error;
}

const networkError = () => {
  connection.reportLost();
  return new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
};

/**
 * Any answer from the app says the server is back; a 502–504 that is not the app's own error (a proxy's page
 * while the app is down or restarting) says it is not there. The app's own 503 (its database is briefly
 * unavailable) is the action's failure to show, not a lost connection.
 */
function noteReached(status: number, parsed: unknown): void {
  if (isGatewayFailure(status) && !isErrorBody(parsed)) connection.reportLost();
  else connection.reportBack();
}

/** The JSON of a body, or null when it is empty or not JSON. */
function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S | PromiseLike<S>,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, opts.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
  const parsed = parseJson(await response.text());
  noteReached(response.status, parsed);

  if (!response.ok) throw failure(response.status, parsed, opts);

  if (parsed && typeof parsed === 'object' && 'csrf_token' in parsed) {
    const token = (parsed as { csrf_token: unknown }).csrf_token;
    if (typeof token === 'string' && token) csrfToken = token;
  }

  const refused = (issues: unknown) =>
    console.error(
      `${method} ${apiUrl(path)} answered ${response.status} with a body its schema refuses:`,
      issues,
    );
  const resolved = await schema;
  if (answerChecks.mode === 'when_idle' && isPlainSchema(resolved)) {
    whenIdle(() => {
      const checked = resolved.safeParse(parsed);
      if (!checked.success) refused(checked.error.issues);
    });
    return parsed as z.output<S>;
  }
  // A reply the screen cannot read must fail here, with a message it can show, not later as a blank or
  // a crash deep inside a component. The issues are for developers only: the console, not the screen.
  const checked = resolved.safeParse(parsed);
  if (!checked.success) {
    refused(checked.error.issues);
    throw new ApiError(response.status, BAD_RESPONSE, BAD_RESPONSE_MESSAGE);
  }
  return checked.data;
}

/**
 * When answers are checked against their schemas. In development and tests, before use: a reply the screen
 * cannot read fails in `request`, with a message the screen can show. In the production build, once the page
 * is idle, and only logged: the server writes every answer from the same schemas (and checks each against
 * them in its tests and in demo mode), so checking again on the main thread before a screen could render only
 * delayed every screen (issue 49, docs/performance.md). Only for a schema that transforms nothing
 * (isPlainSchema), so the answer is the same either way; any other is parsed before use in both.
 */
export const answerChecks: { mode: 'before_use' | 'when_idle' } = {
  mode: import.meta.env.PROD ? 'when_idle' : 'before_use',
};

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 1);
}

/**
 * The API. Each call names the schema of its answer and resolves to what the schema parses, e.g.
 * `api.get('order_items/dashboard', DashboardPageSchema)`,
 * `api.post('order_items/1-1/escalate', {...}, OrderItemResponseSchema)`. A POST, PUT or PATCH without a
 * body sends `{}`; a DELETE sends none.
 */
export const api = {
  /** A schema still loading (a lazily imported contract) may be given as a promise: the call goes out at once. */
  get: <S extends z.ZodType>(path: string, schema: S | PromiseLike<S>, opts?: RequestOptions) =>
    request('GET', path, schema, undefined, opts),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, opts?: RequestOptions) =>
    request('POST', path, schema, body ?? {}, opts),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S, opts?: RequestOptions) =>
    request('PUT', path, schema, body ?? {}, opts),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S, opts?: RequestOptions) =>
    request('PATCH', path, schema, body ?? {}, opts),
  delete: <S extends z.ZodType>(path: string, schema: S, opts?: RequestOptions) =>
    request('DELETE', path, schema, undefined, opts),
};

/** A file the server answered: its bytes and the name its Content-Disposition gives (null: none). */
export interface FileAnswer {
  blob: Blob;
  filename: string | null;
}

const filenameOf = (disposition: string | null) => disposition?.match(/filename="([^"]+)"/)?.[1] ?? null;

/**
 * POSTs JSON to a route that answers a file rather than JSON (`order_items/export.csv`: the path is taken as
 * it is, no `.json` added), with the session cookie and CSRF token; a refusal is an ApiError as for `api`.
 */
export async function postForFile(
  path: string,
  body: unknown,
  opts: RequestOptions = {},
): Promise<FileAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\/+/, '')}`, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError();
  }
  if (!response.ok) {
    const parsed = parseJson(await response.text());
    noteReached(response.status, parsed);
    throw failure(response.status, parsed, opts);
  }
  connection.reportBack();
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
}

/** True when the error is an ApiError with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
