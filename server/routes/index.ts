/**
 * Every API route plugin, registered under /api/v1 by app.ts. Add a new area here (one line each).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { LiveHub } from '../live/hub';
import type { AppMetrics } from '../metrics';
import type { Storage } from '../storage/storage';
import { conversationRoutes } from './conversations';
import { eventRoutes } from './events';
import { faqRoutes } from './faq';
import { notificationRoutes } from './notifications';
import { orderItemActionRoutes } from './order-item-actions';
import { orderItemReadRoutes } from './order-items';
import { outboxRoutes } from './outbox';
import { referenceRoutes } from './reference';
import { reportRoutes } from './reports';
import { searchRoutes } from './search';
import { sessionRoutes } from './session';
import { storefrontRoutes } from './storefront';
import { userAdminRoutes } from './users-admin';

export interface RouteDeps {
  database: Database;
  /** Live-update fan-out; absent in tests that do not need it. */
  live?: LiveHub;
  config: Pick<Config, 'storefrontApiKey' | 'secureCookies'> & Partial<Pick<Config, 'dataDir' | 'mailFrom'>>;
  /** Where attachments are kept. */
  storage: Storage;
  /** Prometheus figures (server/metrics.ts); absent unless METRICS_TOKEN is set. */
  metrics?: Pick<AppMetrics, 'sseOpened'>;
}

export const apiRoutes: FastifyPluginAsyncZod<RouteDeps>[] = [
  sessionRoutes,
  notificationRoutes,
  orderItemReadRoutes,
  orderItemActionRoutes,
  searchRoutes,
  reportRoutes,
  referenceRoutes,
  faqRoutes,
  userAdminRoutes,
  conversationRoutes,
  storefrontRoutes,
  outboxRoutes,
  eventRoutes,
];
