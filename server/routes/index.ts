/**
 * Every API route plugin, registered under /api/v1 by app.ts. Add a new area here (one line each).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSecurityRoutes } from './account-security';
import { auditRoutes } from './audit';
import { bulkRoutes } from './bulk';
import { cannedReplyRoutes } from './canned-replies';
import { conversationRoutes } from './conversations';
import { customerRoutes } from './customers';
import { eventRoutes } from './events';
import { faqRoutes } from './faq';
import { notificationRoutes } from './notifications';
import { orderContextRoutes } from './order-context';
import { orderItemActionRoutes } from './order-item-actions/index';
import { orderItemListRoutes } from './order-item-lists';
import { orderItemReadRoutes } from './order-items';
import { outboxRoutes } from './outbox';
import { referenceRoutes } from './reference';
import { reportRoutes } from './reports';
import type { RouteDeps } from './route-deps';
import { savedViewRoutes } from './saved-views';
import { searchRoutes } from './search';
import { sessionRoutes } from './session';
import { storefrontRoutes } from './storefront';
import { undoRoutes } from './undo';
import { userAdminRoutes } from './users-admin';
import { webhookRoutes } from './webhooks';

export const apiRoutes: FastifyPluginAsyncZod<RouteDeps>[] = [
  sessionRoutes,
  accountSecurityRoutes,
  notificationRoutes,
  orderItemReadRoutes,
  orderItemListRoutes,
  orderItemActionRoutes,
  orderContextRoutes,
  bulkRoutes,
  undoRoutes,
  searchRoutes,
  savedViewRoutes,
  reportRoutes,
  referenceRoutes,
  faqRoutes,
  userAdminRoutes,
  conversationRoutes,
  cannedReplyRoutes,
  storefrontRoutes,
  outboxRoutes,
  webhookRoutes,
  auditRoutes,
  customerRoutes,
  eventRoutes,
];
