/**
 * The HTTP side of `npm run bench:writes`, run in a worker thread like bench/http-load.mjs (so the client does
 * not share the app's event loop), with one difference: every request is a different one, sent once (each
 * order, each item's action), because a write changes what the next request may do. `connections` loops take
 * the next unsent request until all are sent or `seconds` have passed (0: no time limit), so a level is bounded
 * by a count and by time. Plain node:http with a keep-alive agent; gzip asked for and not decoded.
 * workerData: { base, headers, requests: [{ method, path, body?, headers? }], connections, seconds }.
 * Posts back { latencies (sorted, ms, of every answer), statuses (one per request, 0 when not sent), failed
 * (each answer that was not 2xx: its index, status and body, the first 1,000), elapsedMs }: the bench says
 * what went wrong, or sends a failed order again as a shop would.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, headers, requests, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(base);

/** One request; resolves with its status (and the body of a refusal) once the whole answer is read. */
const send = (request) =>
  new Promise((resolve, reject) => {
    const body = request.body;
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: request.path,
        method: request.method,
        headers: {
          ...headers,
          ...request.headers,
          'accept-encoding': 'gzip',
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status <= 299;
        const chunks = [];
        // Only a refusal's body is kept: a success is read and dropped, as the read bench does.
        res.on('data', (chunk) => {
          if (!ok) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, text: ok ? '' : Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const latencies = [];
const statuses = new Array(requests.length).fill(0);
const failed = [];
let next = 0;
const start = performance.now();
const until = seconds > 0 ? start + seconds * 1000 : Number.POSITIVE_INFINITY;
let last = start;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (next < requests.length && performance.now() < until) {
      const index = next++;
      const request = requests[index];
      const sent = performance.now();
      const { status, text } = await send(request);
      last = performance.now();
      latencies.push(last - sent);
      statuses[index] = status;
      if ((status < 200 || status > 299) && failed.length < 1000)
        failed.push({ index, status, method: request.method, path: request.path, body: text.slice(0, 2000) });
    }
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
parentPort.postMessage({ latencies, statuses, failed, elapsedMs: last - start });
