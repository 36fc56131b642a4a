/**
 * The Node.js flags the server runs with (server/node-flags.json, read by every launcher: scripts/start.mjs,
 * `npm run start:prod`, the Dockerfile, the end-to-end and benchmark servers; node-flags.test.ts holds them
 * to it). V8 reads them only at start: they cannot be set from inside the process.
 *
 * `--max-semi-space-size=16`: a young generation of at most 2 × 16 MB instead of V8's 2 × 64 MB on a large
 * machine. A list page comes from PostgreSQL as one ~80 KB text value, which node-postgres gathers in a
 * fresh 128 KB buffer, and is compressed from another copy: buffers V8 counts as external memory. With the
 * large young generation nothing is collected between requests, the buffers pile up to V8's external-memory
 * limit, and it runs a full collection of the whole heap every few dozen list requests. With the smaller one a
 * cheap scavenge frees them first: far fewer full collections, and a lower p95 for the list calls at 8 in
 * flight (docs/performance.md, "The app's process").
 */
import flags from './node-flags.json' with { type: 'json' };

export const SERVER_NODE_FLAGS: readonly string[] = flags;

/**
 * The flags of SERVER_NODE_FLAGS that the process was not started with (on its command line or in
 * NODE_OPTIONS), matched by name: another value of the same flag is the operator's choice.
 */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((arg) => arg.split('=')[0]);
  return SERVER_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]));
}
