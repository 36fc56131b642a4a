/**
 * The HTTP side of `npm run bench`, run in a worker thread so the client's work (sending, receiving and
 * reading answers) does not share the app's event loop, as a browser on another machine would not.
 * workerData: { url, method, headers, body, seconds, connections }. Posts back the sorted latencies (ms).
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, headers, body, seconds, connections } = workerData;
const latencies = [];
let failures = 0;
const until = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const start = performance.now();
      const res = await fetch(url, { method, headers, body });
      await res.arrayBuffer();
      if (!res.ok) failures++;
      latencies.push(performance.now() - start);
    }
  }),
);
latencies.sort((a, b) => a - b);
parentPort.postMessage({ latencies, failures });
