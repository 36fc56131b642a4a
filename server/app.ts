/**
 * Builds the Fastify app: the JSON API under /api/v1 (every path ending .json), the OpenAPI description
 * at /api/docs, health checks, and the built SPA for every other path.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { guard } from './auth/guard';
import { createSessionCache } from './auth/session-cache';
import type { ActiveSession } from './auth/sessions';
import type { Config } from './config';
import type { Database } from './db/client';
import { httpServerFactory } from './http-server';
import { inputGuard } from './input-guard';
import type { JobStats } from './jobs/runner';
import type { Lifecycle } from './lifecycle';
import { createLiveHub } from './live/hub';
import { createMetrics, metricsPlugin } from './metrics';
import { registerOpenApiComponents, withDocumentedBodies, withOpenApiComponents } from './openapi-components';
import { openApiWebhooks } from './openapi-webhooks';
import { compression } from './plugins/compression';
import { errorBody, errorMapper } from './plugins/error-mapper';
import { requestLog } from './plugins/request-log';
import { startGate } from './plugins/start-gate';
import { type ResponseMode, responseSerializerCompiler } from './response-serializer';
import { commonRefusals, SECURITY_SCHEMES } from './routes/answers';
import { healthRoutes, type ReadinessProbe } from './routes/health';
import { apiRoutes } from './routes/index';
import { applySecurityHeaders, SWAGGER_UI_CSP, securityHeaders, signedInOnly } from './security-headers';
import { auditActorOf, withRequestActor } from './services/audit/record';
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
        | 'webhooks'
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

/** A request id a client or proxy sends is kept when it is short and plain (it goes into every log line). */
const GIVEN_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function trusting that many hops from the socket: Fastify
 * itself ignores numbers (it cannot check that the nearest hop is the proxy; docs/security.md says when a
 * count is safe).
 */
const fastifyTrustProxy = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Creates the app with every route registered; the caller listens (or injects, in tests). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const headers = securityHeaders(opts.config.nodeEnv === 'production');
  const app = Fastify({
    serverFactory: httpServerFactory(opts.config),
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
    // Fastify logs two lines per request; plugins/request-log.ts logs one.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    // The router's own refusals (a path that is not valid percent-encoding) answer in our error shape, as a
    // 404 like every path that cannot name a record (docs/decisions/api-contract.md).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      applySecurityHeaders(reply, headers);
      // The hooks do not run for these: the header is set here.
      reply.header('x-request-id', request.id);
      reply
        .status(404)
        .send(errorBody(request.id, 'not_found', error.message, [{ field: 'path', message: error.message }]));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler(
      opts.responses ?? (opts.config.nodeEnv === 'production' ? 'publish' : 'check'),
    ),
  );

  // Demo mode logs request lines at debug: one person clicking around made thousands of lines that buried the
  // start banner (LOG_LEVEL=debug shows them).
  await app.register(requestLog, { level: opts.config.demoMode ? 'debug' : 'info' });
  await app.register(errorMapper);
  // Before the hooks below, so every answer carries the headers, their refusals included.
  app.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply, headers);
    done();
  });
  if (opts.lifecycle) await app.register(startGate, { lifecycle: opts.lifecycle });
  await app.register(cookie, { secret: opts.config.sessionSecret });
  await app.register(inputGuard);
  await app.register(compression);
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
      servers: [
        {
          url: '{origin}',
          description: 'The back office; every path starts with /api/v1 (or is /healthz, /readyz).',
          variables: {
            origin: {
              default: 'http://localhost:3000',
              description: 'Its origin, e.g. https://office.example.co.uk',
            },
          },
        },
      ],
      components: { securitySchemes: SECURITY_SCHEMES },
      webhooks: openApiWebhooks(),
    },
    transform: withDocumentedBodies,
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
  await app.register(healthRoutes, {
    database: opts.database,
    live,
    jobs: opts.jobs,
    storage,
    lifecycle: opts.lifecycle,
  });
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
      // A write runs with its request's actor at hand, for the audit rows services write deep inside it
      // (services/audit/record.ts, currentAuditActor); reads record what they must with the request itself.
      api.addHook('preHandler', (request, _reply, done) => {
        if (request.method === 'GET' || request.method === 'HEAD') done();
        else withRequestActor(auditActorOf(request), done);
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
