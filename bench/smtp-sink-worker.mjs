/**
 * The SMTP server of `npm run bench:writes` (server/test/smtp-sink.ts) in a worker thread: it stands for the
 * mail provider, on another machine in production, so its work (parsing every message the mail job sends)
 * must not share the app's event loop, as the HTTP client's does not (http-load.mjs). workerData: { counter }
 * (an Int32Array's SharedArrayBuffer: messages received so far, read while the bench runs). Posts
 * `{ url }` once listening; answers 'received' with every message, and 'stop' by closing.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startSmtpSink } from '../server/test/smtp-sink.ts';

const counter = new Int32Array(workerData.counter);
const sink = await startSmtpSink({ onReceived: () => Atomics.add(counter, 0, 1) });
parentPort.postMessage({ url: sink.url });
parentPort.on('message', async (message) => {
  if (message === 'received') parentPort.postMessage({ received: sink.received });
  if (message === 'stop') {
    await sink.stop();
    parentPort.close();
  }
});
