/**
 * The HTTP server under Fastify, with its timeouts set for a proxy in front (docs/operations.md, "Deploy").
 */
import { createServer, type RequestListener } from 'node:http';

/** Receiving a whole request (headers and body) takes at most this, unless REQUEST_TIMEOUT_MS says otherwise. */
const REQUEST_TIMEOUT_MS = 60_000;
/**
 * An idle keep-alive connection is closed after this: longer than the idle timeout of the proxy in front
 * (Caddy's and most load balancers' are 60 s or less, deploy/Caddyfile sets 55 s), so the proxy always closes
 * first and never sends a request on a connection the app is closing at that moment (a 502).
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * Fastify's `serverFactory`. A client that stops sending half-way (a slow-loris, a dead phone on the
 * storefront route) is cut off after the request timeout with a 408; Node looks for such requests every few
 * seconds (every 30 s by default, too coarse for a short timeout). The headers must arrive within the same
 * time. Nothing bounds the answer's length: event streams last for hours by design.
 */
export function httpServerFactory(opts: { requestTimeoutMs?: number; keepAliveTimeoutMs?: number }) {
  const requestTimeout = opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  return (handler: RequestListener) =>
    createServer(
      {
        requestTimeout,
        headersTimeout: requestTimeout,
        keepAliveTimeout: opts.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS,
        connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(requestTimeout / 4))),
      },
      handler,
    );
}
