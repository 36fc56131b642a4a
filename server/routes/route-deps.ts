/**
 * What every route plugin is given. In a file of its own so the route files import it without importing
 * routes/index.ts, which imports them all (an import circle).
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { LiveHub } from '../live/hub';
import type { AppMetrics } from '../metrics';
import type { Storage } from '../storage/storage';

export interface RouteDeps {
  database: Database;
  /** Live-update fan-out; absent in tests that do not need it. */
  live?: LiveHub;
  config: Pick<Config, 'storefrontApiKey' | 'secureCookies' | 'sessionSecret'> &
    Partial<Pick<Config, 'dataDir' | 'mailFrom' | 'nodeEnv' | 'webhooks'>>;
  /** Where attachments are kept. */
  storage: Storage;
  /** Prometheus figures (server/metrics.ts); absent unless METRICS_TOKEN is set. */
  metrics?: Pick<AppMetrics, 'sseOpened'>;
}
