/**
 * Compression of JSON answers (docs/performance.md, "Design"). Built assets are pre-compressed at build time;
 * the event stream writes to the socket and is untouched.
 */
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export const compression = fp(async (app) => {
  await app.register(compress, {
    global: true,
    // Nothing under 12 KB: such an answer (an order item, the stats, a report: 2–5 KB) goes out in the first
    // flight of TCP segments (10 × 1.46 KB) either way, so zipping it saves the reader no round trip, and
    // setting up zlib for it costs a noticeable share of the app's CPU per call. A list page (~70 KB) or a
    // queue of a thousand items (~1.5 MB) shrinks about ten times.
    threshold: 12 * 1024,
    // Up to 512 KB in one zlib call on this thread, not the stream pipeline the plugin picks above 8 KB: on
    // two cores the stream's machinery and its chunked writes cost more than the thread pool saves.
    syncThreshold: 512 * 1024,
    // Brotli at quality 1 for the browsers that accept it (every current one over HTTPS): faster and smaller
    // than gzip at level 1, which the others get (zlib's default level 6 costs several times more CPU). On
    // the same cores as the database, CPU is what runs out first.
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
});
