/**
 * A small load balancer for tests, standing for Caddy in deploy/Caddyfile: round robin over the upstreams
 * whose /readyz answered 200 at the last active check (every `checkEveryMs`), keep-alive connections to them,
 * and a request that could not be sent tried again on another upstream for up to `tryForMs` (Caddy's
 * lb_try_duration). As Caddy does, only a refused connection is tried again for every method; a GET is tried
 * again after any failure, a write never once it may have reached the app (it could then be done twice), so a
 * write lost by an instance that stopped too early counts as a failure. Listens on 127.0.0.1 only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  baseUrl: string;
  /** Adds an upstream (a new instance); it gets traffic once its /readyz answers 200. */
  add(baseUrl: string): void;
  /** Forgets an upstream (an instance that has stopped). */
  remove(baseUrl: string): void;
  /** Requests each upstream answered, by base URL. */
  served: Map<string, number>;
  /** Requests that found no ready upstream, or failed on every try. */
  failures: string[];
  close(): Promise<void>;
}

interface Upstream {
  url: URL;
  ready: boolean;
}

export async function startBalancer(
  opts: { checkEveryMs?: number; tryForMs?: number } = {},
): Promise<Balancer> {
  const checkEveryMs = opts.checkEveryMs ?? 250;
  const tryForMs = opts.tryForMs ?? 5000;
  const upstreams = new Map<string, Upstream>();
  const served = new Map<string, number>();
  const failures: string[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let turn = 0;

  const check = async (u: Upstream) => {
    try {
      const res = await fetch(new URL('/readyz', u.url), { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      u.ready = res.status === 200;
    } catch {
      u.ready = false;
    }
  };
  const checker = setInterval(() => {
    for (const u of upstreams.values()) void check(u);
  }, checkEveryMs);

  const pick = (): Upstream | undefined => {
    const ready = [...upstreams.values()].filter((u) => u.ready);
    return ready.length ? ready[turn++ % ready.length] : undefined;
  };

  /** Sends once; resolves with the answer, or rejects when the request could not be sent or answered. */
  const forward = (u: Upstream, req: http.IncomingMessage, body: Buffer) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const out = http.request(
        {
          agent,
          host: u.url.hostname,
          port: u.url.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: u.url.host, 'content-length': String(body.length) },
        },
        resolve,
      );
      out.on('error', reject);
      out.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const until = Date.now() + tryForMs;
    let lastError = 'no upstream was ready';
    while (Date.now() < until) {
      const u = pick();
      if (u) {
        try {
          const answer = await forward(u, req, body);
          served.set(u.url.origin, (served.get(u.url.origin) ?? 0) + 1);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        } catch (error) {
          // Like Caddy's passive check: an upstream that failed is left alone until the next active check
          // finds it ready again.
          lastError = `${u.url.origin}: ${(error as Error).message}`;
          u.ready = false;
          const refused = (error as { code?: string }).code === 'ECONNREFUSED';
          if (!refused && req.method !== 'GET') break;
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    failures.push(`${req.method} ${req.url}: ${lastError}`);
    res.writeHead(502).end(lastError);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    add(baseUrl) {
      const u = { url: new URL(baseUrl), ready: false };
      upstreams.set(u.url.origin, u);
      void check(u);
    },
    remove(baseUrl) {
      upstreams.delete(new URL(baseUrl).origin);
    },
    served,
    failures,
    async close() {
      clearInterval(checker);
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
