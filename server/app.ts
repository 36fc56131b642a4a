/**
 * Builds the Fastify app: the JSON API under /api/v1 (every path ending .json), the OpenAPI description
 * at /api/docs, health checks, and the built SPA for every other path.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../domain/contract/session';
import { guard } from './auth/guard';
import { createSessionCache } from './auth/session-cache';
import type { ActiveSession } from './auth/sessions';
import type { Config } from './config';
import { type Database, isDatabaseUnavailable } from './db/client';
import { AppError } from './errors';
import { inputGuard } from './input-guard';
import type { JobStats } from './jobs/runner';
import type { Lifecycle } from './lifecycle';
import { createLiveHub } from './live/hub';
import { createMetrics, metricsPlugin } from './metrics';
import { registerOpenApiComponents, withOpenApiComponents } from './openapi-components';
import { type ResponseMode, responseSerializerCompiler } from './response-serializer';
import { commonRefusals } from './routes/answers';
import { healthRoutes, type ReadinessProbe } from './routes/health';
import { apiRoutes } from './routes/index';
import { applySecurityHeaders, SWAGGER_UI_CSP, securityHeaders, signedInOnly } from './security-headers';
import { forgetOrdererStats } from './services/order-items/stats-cache';
import { localStorage } from './storage/local';
import type { Storage } from './storage/storage';
import { buildInfo } from './version';

export interface AppOptions {
  config: Pick<Config, 'storefrontApiKey' | 'sessionSecret' | 'secureCookies' | 'logLevel'> &
    Partial<
      Pick<
        Config,
        | 'dataDir'
        | 'mailFrom'
        | 'nodeEnv'
        | 'trustProxy'
        | 'demoMode'
        | 'metricsToken'
        | 'requestTimeoutMs'
        | 'keepAliveTimeoutMs'
      >
    >;
  database: Database;
  /** Folder of the built SPA (index.html and assets); defaults to ./dist. */
  webRoot?: string;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output unless given. */
  logStream?: { write(line: string): void };
  /** Live updates (LISTEN on the database, GET /api/v1/events); on unless false. */
  live?: boolean;
  /** The background job runner, when this process runs one: /readyz reports it, /metrics its figures. */
  jobs?: ReadinessProbe & { stats?(): readonly JobStats[] };
  /** Where attachments are kept (server/storage); the local folder under dataDir unless given. */
  storage?: Storage;
  /**
   * Starting, ready or draining (server/lifecycle.ts): while starting only the health checks answer; /readyz
   * is 503 unless ready. Ready unless given (tests build a migrated app).
   */
  lifecycle?: Lifecycle;
  /**
   * How answers are serialized (server/response-serializer.ts): `check` holds each to its schema (tests,
   * development), `publish` only keeps the schema's keys. Production publishes unless told otherwise.
   */
  responses?: ResponseMode;
}

/**
 * The error shape (`ErrorSchema`, which every route declares for its refusals); `request_id` is the id in the
 * logs and the x-request-id header, for support to find.
 */
const errorBody = (requestId: string, code: string, message: string, details?: unknown): ApiErrorBody => ({
  error:
    details === undefined
      ? { code, message, request_id: requestId }
      : { code, message, details, request_id: requestId },
});

/** A request id a client or proxy sends is kept when it is short and plain (it goes into every log line). */
const GIVEN_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function trusting that many hops from the socket: Fastify
 * itself ignores numbers (it cannot check that the nearest hop is the proxy; docs/security.md says when a
 * count is safe).
 */
const fastifyTrustProxy = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Receiving a whole request (headers and body) takes at most this, unless REQUEST_TIMEOUT_MS says otherwise. */
export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * An idle keep-alive connection is closed after this: longer than the idle timeout of the proxy in front
 * (Caddy's and most load balancers' are 60 s or less, deploy/Caddyfile sets 55 s), so the proxy always closes
 * first and never sends a request on a connection the app is closing at that moment (a 502).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The paths that answer while the instance is still starting: the health checks and the metrics. */
const ANSWERED_WHILE_STARTING = new Set(['/healthz', '/readyz', '/metrics']);

/** Creates the app with every route registered; the caller listens (or injects, in tests). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(opts.config.nodeEnv === 'production');
  const requestTimeout = opts.config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const keepAliveTimeout = opts.config.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS;
  const app = Fastify({
    // A client that stops sending half-way (a slow-loris, a dead phone on the storefront route) is cut off
    // after requestTimeout; Node checks for such requests every few seconds (30 s by default, too coarse for
    // a short timeout). The headers must arrive within the same time. Nothing else bounds the answer's
    // length: event streams last for hours by design.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout,
          headersTimeout: requestTimeout,
          keepAliveTimeout,
          connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(requestTimeout / 4))),
        },
        handler,
      ),
    logger:
      opts.logger === false
        ? false
        : { level: opts.config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // The socket's address unless TRUST_PROXY names the proxies allowed to report the client's.
    trustProxy: fastifyTrustProxy(opts.config.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // The caller's x-request-id when it is plain (a proxy's id then links both logs), else a fresh UUID:
    // unique across instances, unlike Fastify's per-process counter.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Fastify logs two lines per request; the onResponse hook below logs one.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    // The router's own refusals (a path that is not valid percent-encoding) answer in our error shape.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      applySecurityHeaders(reply, headers);
      // The hooks do not run for these: the header is set here.
      reply.header('x-request-id', request.id);
      reply.status(400).send(errorBody(request.id, 'bad_request', error.message));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler(
      opts.responses ?? (opts.config.nodeEnv === 'production' ? 'publish' : 'check'),
    ),
  );

  // One line per request, when it is answered, with who asked: the signed-in user's id and the client's
  // address (the proxy's report of it where TRUST_PROXY trusts the proxy); nothing else about the person.
  // Demo mode logs them at debug: one person clicking around made thousands of lines that buried the start
  // banner (LOG_LEVEL=debug shows them).
  const requestLogLevel = opts.config.demoMode ? 'debug' : 'info';
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log[requestLogLevel](
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        user_id: request.user?.id ?? null,
        client_ip: request.ip,
      },
      'request',
    );
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(request.id, error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(error.validationContext ?? 'body'),
        message: v.message ?? 'Invalid value.',
      }));
      if (error.validationContext === 'params' && details.every((d) => d.field === 'id')) {
        // An id in the path that is not a positive PostgreSQL integer names no record.
        return reply.status(404).send(errorBody(request.id, 'not_found', 'No such record.', details));
      }
      return reply
        .status(422)
        .send(errorBody(request.id, 'invalid_input', 'Check the highlighted fields.', details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody(request.id, 'internal', 'Something went wrong on our side.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send(errorBody(request.id, 'payload_too_large', 'The upload is too large.'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type and the like are bad input, never a 500.
      return reply.status(422).send(errorBody(request.id, 'invalid_input', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // A dropped connection or an outage: the pool reconnects by itself, so the client may simply retry.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send(
          errorBody(request.id, 'unavailable', 'The service is briefly unavailable. Try again in a moment.'),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(request.id, 'internal', 'Something went wrong on our side.'));
  });

  // First, so every answer carries the headers, refusals by the hooks below included.
  app.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply, headers);
    done();
  });
  // While migrating and starting, only the health checks answer: the tables a route reads may not exist yet.
  const lifecycle = opts.lifecycle;
  if (lifecycle) {
    app.addHook('onRequest', (request, reply, done) => {
      if (lifecycle.phase() !== 'starting' || ANSWERED_WHILE_STARTING.has(request.url.split('?')[0])) {
        return done();
      }
      reply.header('retry-after', '2');
      done(new AppError('unavailable', 'The service is starting. Try again in a moment.'));
    });
  }
  await app.register(cookie, { secret: opts.config.sessionSecret });
  await app.register(inputGuard);
  // JSON answers of 12 KB and more are compressed (a queue of a thousand items is ~1.5 MB of JSON, ~10× less
  // compressed). Built assets are pre-compressed at build time; the event stream writes to the socket and is
  // untouched. Brotli at quality 1 for the browsers that accept it (every current one over HTTPS): a list page
  // (76 KB of JSON) in 0.12–0.15 ms and 6.7 KB, where gzip at level 1 took 0.26–0.35 ms for 7.0 KB; gzip at
  // level 1 for the others (zlib's default 6 took 0.83 ms). On the same cores as the database, CPU is what runs
  // out first (docs/performance.md).
  // Nothing under 12 KB: such an answer (an order item, the stats, a report: 2–5 KB) goes out in the first
  // flight of TCP segments (10 × 1.46 KB) either way, so zipping it saves the reader no round trip, and
  // setting up zlib for it cost a sixth of the app's CPU per call (docs/performance.md).
  await app.register(compress, {
    global: true,
    threshold: 12 * 1024,
    // Up to 512 KB (a list page is ~70 KB) in one zlib call on this thread, not the stream pipeline the
    // plugin picks above 8 KB on two cores: the stream's machinery and its chunked writes cost more than
    // the thread pool saved (dashboard 3.3 → 2.6 ms p50, 256 → 317 req/s; ~0.3 ms of work per page).
    syncThreshold: 512 * 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  registerOpenApiComponents();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'UK Document Services back office API',
        version: buildInfo().version,
        description:
          'Staff API (session cookie + X-CSRF-Token on every state-changing call) and storefront API ' +
          '(Authorization: Bearer <STOREFRONT_API_KEY>). Money is integer pence.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ukds_session' },
          storefront: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: withOpenApiComponents,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', validatorUrl: null },
    staticCSP: SWAGGER_UI_CSP,
    // The API description is a map for attackers: in production only signed-in staff may read it.
    ...(opts.config.nodeEnv === 'production' ? { uiHooks: { onRequest: signedInOnly(opts.database) } } : {}),
  });
  const live = opts.live === false ? undefined : await createLiveHub(opts.database, app.log);
  if (live) app.addHook('onClose', () => live.close());
  // Sessions checked a moment ago are served from memory while the hub hears what changes them
  // (server/auth/session-cache.ts); a database the hub cannot listen to gets no cache.
  const sessionCache =
    live && (opts.database.pglite || opts.database.url) ? createSessionCache<ActiveSession>(live) : undefined;
  if (sessionCache) app.addHook('onClose', async () => sessionCache.close());
  await app.register(guard, {
    database: opts.database,
    storefrontApiKey: opts.config.storefrontApiKey,
    sessionCache,
  });
  // Only with a token is anything collected (and /metrics served); before the routes, so its hooks see them.
  const metrics = opts.config.metricsToken
    ? createMetrics({ database: opts.database, jobs: opts.jobs, log: app.log })
    : undefined;
  await app.register(metricsPlugin, { metrics, token: opts.config.metricsToken });

  const storage = opts.storage ?? localStorage(opts.config.dataDir ?? './data');
  await app.register(healthRoutes, { database: opts.database, live, jobs: opts.jobs, storage, lifecycle });
  await app.register(
    async (api) => {
      // Every route declares its answers; the refusals of the guard and the input checks are added here.
      api.addHook('onRoute', commonRefusals);
      // A request that may have written forgets this instance's kept orderer stats before its answer goes
      // out, so the next call of whoever made the change counts it (other instances hear the NOTIFY).
      api.addHook('onSend', (request, _reply, payload, done) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') forgetOrdererStats();
        done(null, payload);
      });
      for (const routes of apiRoutes)
        await api.register(routes, { database: opts.database, config: opts.config, live, storage, metrics });
    },
    { prefix: '/api/v1' },
  );

  const webRoot = path.resolve(opts.webRoot ?? 'dist');
  const hasSpa = existsSync(path.join(webRoot, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // The build writes .br/.gz copies of each asset; browsers that accept them get those.
      preCompressed: true,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    // A missing built file is a 404, not the SPA: a stale tab after a deploy then reloads instead of
    // parsing index.html as JavaScript.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      if (!hasSpa) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
      }
      // Every non-API path is a route of the SPA, which decides what to show (and redirects unknown ones).
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', webRoot, { maxAge: 0, immutable: false });
    }
    return reply
      .status(404)
      .send(
        errorBody(
          request.id,
          'not_found',
          `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
        ),
      );
  });

  return app;
}
