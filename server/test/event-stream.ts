/** Test helper: GET /api/v1/events on a listening app, read as a browser's EventSource would. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  events: StreamEvent[];
  status: number;
  /** Resolves with the first event that matches, or rejects after the timeout. */
  waitFor(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<unknown>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the event stream (with the session cookie, if given). */
export function openEvents(baseUrl: string, cookie?: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/v1/events`,
      { headers: { 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) } },
      (res) => {
        const events: StreamEvent[] = [];
        const waiters: (() => void)[] = [];
        let buffer = '';
        res.setEncoding('utf8');
        const ended = new Promise<void>((done) => {
          res.on('end', done);
          res.on('close', done);
        });
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) });
            for (const w of waiters) w();
            end = buffer.indexOf('\n\n');
          }
        });
        resolve({
          events,
          status: res.statusCode ?? 0,
          ended,
          waitFor(match, timeoutMs = 5000) {
            return new Promise((done, fail) => {
              const check = () => {
                const found = events.find(match);
                if (found) {
                  clearTimeout(timer);
                  done(found.data);
                }
              };
              const timer = setTimeout(
                () => fail(new Error(`no matching event in ${JSON.stringify(events)}`)),
                timeoutMs,
              );
              waiters.push(check);
              check();
            });
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

/** Listens on a random port of 127.0.0.1; answers the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
