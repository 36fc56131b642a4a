/**
 * The SPA's routes (docs/architecture.md, "SPA conventions"): the pattern of every screen, as the router
 * declares it (web/app.tsx), and the links to them, built from those patterns. A link or navigation never
 * writes a path of its own: `paths.orderItem(ref)`, `paths.workQueue(id)`, `paths.myQueue`.
 */
import { generatePath } from 'react-router';

/** Each screen's route pattern. */
export const ROUTES = {
  signIn: '/sign-in',
  dashboard: '/dashboard',
  myQueue: '/my-queue',
  items: '/items',
  workQueue: '/work-queues/:ordererId',
  orderItem: '/orders/:orderId',
  fcoBatch: '/fco_batch/:fcoBatchId',
  unpaidCart: '/unpaid/:orderRef',
  /** The inbox, with the open thread when there is one (issue 49). */
  inbox: '/conversations/:id?',
  /** The conversation page before the inbox: it redirects to the thread in the inbox. */
  legacyConversation: '/conversation/:id',
  search: '/search',
  escalations: '/escalations',
  salesReport: '/sales-report',
  admin: '/admin',
  users: '/users',
  outbox: '/outbox',
  emailTemplates: '/email-templates',
  /** Webhook endpoints and their delivery logs (issue 48). */
  webhooks: '/webhooks',
  /** Who did what (issue 50). */
  auditLog: '/audit-log',
  /** Every user's own 2-step verification and sessions. */
  accountSecurity: '/account/security',
} as const;

/** The path of each screen; a screen with parameters takes them (encoded here, as generatePath does). */
export const paths = {
  signIn: ROUTES.signIn,
  accountSecurity: ROUTES.accountSecurity,
  dashboard: ROUTES.dashboard,
  myQueue: ROUTES.myQueue,
  /** The team list: every open item, whoever has it. */
  items: ROUTES.items,
  /** One orderer's queue. */
  workQueue: (ordererId: number | string) => generatePath(ROUTES.workQueue, { ordererId: String(ordererId) }),
  /** An order item's page, by its ref (or id). */
  orderItem: (ref: string) => generatePath(ROUTES.orderItem, { orderId: ref }),
  fcoBatch: (idOrRef: number | string) => generatePath(ROUTES.fcoBatch, { fcoBatchId: String(idOrRef) }),
  /** The unpaid cart of an order, by the order's ref. */
  unpaidCart: (orderRef: string) => generatePath(ROUTES.unpaidCart, { orderRef }),
  /** The inbox; with a folder other than the inbox, that folder (`?folder=mine`). */
  inbox: (folder?: string) =>
    folder && folder !== 'inbox' ? `/conversations?folder=${folder}` : '/conversations',
  /** A thread open in the inbox, in the folder it was opened from. */
  conversation: (id: number | string, folder?: string) =>
    `${generatePath(ROUTES.inbox, { id: String(id) })}${folder && folder !== 'inbox' ? `?folder=${folder}` : ''}`,
  /** The search screen; with a text, its quick search for that text. */
  search: (text?: string) =>
    text === undefined ? ROUTES.search : `${ROUTES.search}?q=${encodeURIComponent(text.trim())}`,
  escalations: ROUTES.escalations,
  salesReport: ROUTES.salesReport,
  admin: ROUTES.admin,
  users: ROUTES.users,
  outbox: ROUTES.outbox,
  emailTemplates: ROUTES.emailTemplates,
  auditLog: ROUTES.auditLog,
  /** The webhooks screen; with an endpoint, its delivery log open. */
  webhooks: (endpointId?: number) =>
    endpointId === undefined ? ROUTES.webhooks : `${ROUTES.webhooks}?endpoint=${endpointId}`,
};
