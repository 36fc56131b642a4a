/**
 * How a route declares its answers (`schema.response`): each success as `json(description, Schema)` (or
 * `file`/`eventStream` for what is not JSON), and the refusals of its own operation (a record it looks up,
 * a state it checks) with `refusals(...)`. The refusals every route can give because of the guard and the
 * input checks (401, 403, 413, 422, 5xx…) are added to every /api/v1 route in one place, `commonRefusals`,
 * derived from the route's `config.auth`, method and path parameters, as the guard and the parsers decide
 * them. Every refusal carries the shared error body (`ErrorSchema`, app.ts `errorBody`).
 */
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { ErrorSchema } from '../../domain/contract/session';
import { EventStreamSchema, FileBodySchema } from '../../domain/contract/streams';
import type { AuthLevel } from '../auth/guard';

/** What each refusal means, for the OpenAPI document; the codes are `error.code` values. */
const REFUSALS = {
  401: 'Not signed in, or the session has ended (`unauthenticated`).',
  403: 'Not allowed for this role (`forbidden`), or the X-CSRF-Token header is missing or stale (`csrf_failed`).',
  404:
    'No such record, or a path that cannot name one: not valid percent-encoding, a NUL or an unpaired ' +
    'surrogate, a parameter of the wrong form (`not_found`; `details` names the path parameter).',
  409:
    "Not possible in the record's current state (`wrong_state`), the record changed since it was read " +
    '(`stale`), or it conflicts with another (`conflict`). Nothing was changed.',
  410: 'No longer possible: its time ran out (`expired`). Nothing was changed.',
  413: 'The body or the file is too large (`payload_too_large`).',
  422: 'Invalid input; `details` names each field (`invalid_input`). Nothing was changed.',
  429: 'Too many attempts; wait and try again (`too_many_attempts`).',
  '5xx':
    'Our failure (`internal`, 500) or the database briefly unavailable (`unavailable`, 503; retry). ' +
    '`request_id` is what support looks for in the logs.',
} as const;
export type RefusalStatus = keyof typeof REFUSALS;

/** A JSON answer and what it is, as `schema.response` takes it (the description goes into OpenAPI). */
export function json<S extends z.ZodType>(description: string, schema: S) {
  return { description, content: { 'application/json': { schema } } };
}

/** A file answer in the given content types (never serialized: a stream or a buffer is sent as it is). */
export function file(description: string, contentTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: FileBodySchema }])),
  };
}

/** The server-sent events answer of GET /events (written to the socket by the route itself). */
export function eventStream(description: string) {
  return { description, content: { 'text/event-stream': { schema: EventStreamSchema } } };
}

type ErrorAnswer = ReturnType<typeof json<typeof ErrorSchema>>;

/** One refusal with the shared error body; `description` overrides the usual meaning of the status. */
export function refusal<S extends RefusalStatus>(status: S, description: string = REFUSALS[status]) {
  return { [status]: json(description, ErrorSchema) } as Record<S, ErrorAnswer>;
}

/** The refusals of a route's own operation, each with its usual meaning and the shared error body. */
export function refusals<const S extends RefusalStatus[]>(...statuses: S) {
  return Object.assign({}, ...statuses.map((status) => refusal(status))) as Record<S[number], ErrorAnswer>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body as the OpenAPI description shows it, for a route whose body is read by its service
     * (each field checked there, with field errors) or by the multipart parser rather than by `schema.body`.
     */
    documentedBody?: z.ZodType;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The security schemes of the OpenAPI description (app.ts registers them): the staff session cookie, the
 * CSRF header every staff write also needs, and the storefront's bearer key.
 */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'ukds_session',
    description: 'The staff session (POST /session.json).',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description:
      'The `csrf_token` of the session (POST /session.json, GET /users/current_user.json); every staff write.',
  },
  storefront: { type: 'http', scheme: 'bearer', description: 'STOREFRONT_API_KEY.' },
} as const;

/** What a caller must present, as the guard decides it from `config.auth` and the method. */
export function securityOf(auth: AuthLevel, writes: boolean): Record<string, string[]>[] {
  if (auth === 'public') return [];
  if (auth === 'storefront') return [{ storefront: [] }];
  return [writes ? { session: [], csrf: [] } : { session: [] }];
}

/**
 * The operation's id, from its method and path when the route names none: `GET /order_items/{ref}.json` is
 * `getOrderItemsByRef`, `POST /conversations/{id}/replies.json` `postConversationsByIdReplies`. The path is
 * what makes an operation unique, so the id is too, and it never drifts from the route.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '/')
    .replace(/\.(json|csv|pdf)$/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)));
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/**
 * An onRoute hook for /api/v1: adds the refusals the guard and the input checks can give to the route's
 * declared answers (what the route declares itself wins). The guard refuses a missing session or key (401),
 * a missing CSRF token on a staff write and a staff member who is not an admin on an admin route (403); the
 * input checks refuse a bad body or query (422); a path parameter names a record that may not exist, or
 * cannot be read at all (404, docs/decisions/api-contract.md); a body may be too large (413); anything may fail on our side (5xx).
 */
export function commonRefusals(route: RouteOptions): void {
  if (!route.url.startsWith('/api/v1/')) return;
  const auth: AuthLevel = route.config?.auth ?? 'user';
  const methods = [route.method].flat();
  const writes = methods.some((method) => !SAFE_METHODS.has(method));
  const staff = auth === 'user' || auth === 'admin';
  const schema = route.schema ?? {};
  const method = methods.find((m) => m !== 'HEAD') ?? methods[0] ?? 'GET';
  const statuses: RefusalStatus[] = ['5xx', 422];
  if (auth !== 'public') statuses.push(401);
  if (auth === 'admin' || (staff && writes)) statuses.push(403);
  if (schema.params) statuses.push(404);
  if (writes) statuses.push(413);
  // A new object: routes may share their answers' object, and each route gets its own refusals.
  route.schema = {
    operationId: operationIdOf(method, route.url),
    security: securityOf(auth, writes),
    ...schema,
    response: { ...refusals(...statuses), ...(schema.response as object | undefined) },
  };
}
