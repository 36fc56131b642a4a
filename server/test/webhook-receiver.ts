/**
 * A real webhook receiver for tests: an HTTP server on 127.0.0.1 (node:http) that keeps every request it gets
 * (headers and raw body) and answers as the test says. Stopped by the test (`close`).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the n-th request (from 0): a status and body, or its own handling. */
export type Answer = (n: number, request: ReceivedWebhook, response: ServerResponse) => void;

export const answerWith =
  (status: number, body = 'ok'): Answer =>
  (_n, _request, response) => {
    response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };

export interface Receiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  answer: Answer;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 (a given port, to come back where a stopped one was); 200 "ok" by default. */
export async function startReceiver(opts: { port?: number; answer?: Answer; path?: string } = {}) {
  const received: ReceivedWebhook[] = [];
  const receiver = { received, answer: opts.answer ?? answerWith(200) } as Receiver;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      receiver.answer(received.length - 1, got, response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}${opts.path ?? '/hooks'}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** The headers standardwebhooks' verify reads, as plain strings. */
export function webhookHeaders(got: ReceivedWebhook): Record<string, string> {
  return {
    'webhook-id': String(got.headers['webhook-id']),
    'webhook-timestamp': String(got.headers['webhook-timestamp']),
    'webhook-signature': String(got.headers['webhook-signature']),
  };
}
