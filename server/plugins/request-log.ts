/**
 * One log line per request, when it is answered, with who asked: the signed-in user's id and the client's
 * address (the proxy's report of it where TRUST_PROXY trusts the proxy); nothing else about the person, and
 * the path without its query string (which may hold search terms). Every answer carries the request id in
 * `x-request-id`. Fastify's own two lines per request are turned off (app.ts).
 */
import fp from 'fastify-plugin';

export const requestLog = fp<{ level: 'info' | 'debug' }>(async (app, { level }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log[level](
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
});
