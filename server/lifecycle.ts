/**
 * Where an instance is in its life, for the health checks and the request gate:
 * - `starting`: listening (so /healthz answers and a liveness probe does not kill a long migration) while it
 *   migrates, seeds and starts its jobs; /readyz answers 503 and every other request 503 with Retry-After.
 * - `ready`: serving.
 * - `draining`: SIGTERM received. Requests are still served, but /readyz answers 503 so the proxy stops
 *   sending new ones before the listener closes (server/main.ts; docs/operations.md, "Rolling restart").
 */
export type Phase = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  phase(): Phase;
  /** Migrated and jobs running: serve. */
  ready(): void;
  /** Shutting down: report not ready, keep serving until the listener closes. */
  drain(): void;
}

export function createLifecycle(initial: Phase = 'starting'): Lifecycle {
  let phase = initial;
  return {
    phase: () => phase,
    ready() {
      if (phase === 'starting') phase = 'ready';
    },
    drain() {
      phase = 'draining';
    },
  };
}
