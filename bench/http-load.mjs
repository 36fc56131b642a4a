/**
 * The HTTP side of `npm run bench`, run in a worker thread so the client's work (sending, receiving and
 * reading answers) does not share the app's event loop, as a browser on another machine would not.
 * Plain node:http with a keep-alive agent (fetch costs several times the CPU per request, which this client
 * would take from the app and the database on the same two cores). It asks for the encodings Chrome and Firefox
 * ask for over HTTPS (so the app answers brotli, as it answers them) and reads the compressed bytes without
 * decoding them: a browser decodes on its own machine.
 * workerData: { url, method, headers, body, seconds, connections }. Posts back the sorted latencies (ms).
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, headers, body, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const requestHeaders = {
  ...headers,
  'accept-encoding': 'gzip, deflate, br, zstd',
  ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
};

/** One request; resolves with its status once the whole answer is read. */
const send = () =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: requestHeaders,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const latencies = [];
let failures = 0;
const until = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const start = performance.now();
      const status = await send();
      if (status < 200 || status > 299) failures++;
      latencies.push(performance.now() - start);
    }
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
parentPort.postMessage({ latencies, failures });
