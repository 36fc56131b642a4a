/**
 * While the instance starts (migrating, seeding, starting its jobs: server/lifecycle.ts), only the health
 * checks and the metrics answer; everything else is a 503 with Retry-After, as the tables a route reads may
 * not exist yet.
 */
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { Lifecycle } from '../lifecycle';

const ANSWERED_WHILE_STARTING = new Set(['/healthz', '/readyz', '/metrics']);

export const startGate = fp<{ lifecycle: Lifecycle }>(async (app, { lifecycle }) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (lifecycle.phase() !== 'starting' || ANSWERED_WHILE_STARTING.has(request.url.split('?')[0])) {
      return done();
    }
    reply.header('retry-after', '2');
    done(new AppError('unavailable', 'The service is starting. Try again in a moment.'));
  });
});
