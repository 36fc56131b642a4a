/**
 * Browser security headers (docs/security.md, "Headers"): one strict policy for every answer, a looser
 * Content-Security-Policy for the Swagger UI pages, and the sign-in gate of /api/docs in production.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { requireSession } from './auth/guard';
import type { Database } from './db/client';

/**
 * The SPA's policy. Scripts only from our own origin and never inline: the built index.html loads one
 * module and its preloads from /assets, and nothing else runs. Styles allow 'unsafe-inline' because
 * Mantine sets its CSS variables in `style` attributes on nearly every component and injects a `<style>`
 * element for the theme at run time; nonces cannot cover attributes, and injected CSS cannot run script.
 * Images allow data: (Mantine's and the charts' inline SVG icons). No framing of us. The article editor
 * (tiptap) and drag and drop (@hello-pangea/dnd) inject only `<style>` elements, which this policy allows.
 */
export function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'"],
        // Over plain http (development, tests on 127.0.0.1) upgrading would break every request.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    // Old browsers that ignore frame-ancestors.
    frameguard: { action: 'deny' },
    // HTTPS is only promised where the app runs behind TLS: production.
    hsts: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    // Order refs are in our URLs; other sites never learn them, our own requests keep the full referrer.
    referrerPolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers helmet writes for our options, computed once: they do not depend on the request, and
 * building helmet's middleware on every request (as the Fastify plugin does) showed in a CPU profile of each.
 */
export function securityHeaders(production: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(production))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => undefined,
  );
  return Object.freeze(headers);
}

/**
 * Sets the security headers on an answer: from an onRequest hook on every request, and on the answers no
 * hook sees (Fastify's router refuses a path that is not valid percent-encoding before any hook runs).
 */
export function applySecurityHeaders(reply: FastifyReply, headers: Readonly<Record<string, string>>): void {
  reply.headers(headers);
}

/**
 * The Swagger UI pages' policy (set by @fastify/swagger-ui on its own routes, replacing the one above).
 * Swagger UI loads only its own files, but styles elements inline and shows data: images; the validator
 * badge is turned off in its configuration, so nothing leaves the origin.
 */
export const SWAGGER_UI_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** An onRequest hook for the /api/docs routes: only signed-in staff read the API description in production. */
export function signedInOnly(database: Database): onRequestAsyncHookHandler {
  return async (request) => {
    await requireSession(request, database);
  };
}
