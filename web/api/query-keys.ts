/**
 * Every TanStack Query key of the SPA, one factory per API resource (docs/architecture.md, "SPA conventions").
 * A key starts with its resource, then what narrows it: `queryKeys.orderItems.all` is every order-item query
 * (what a write invalidates), `queryKeys.orderItems.detail(ref)` one item's page. The first element is what
 * the live updates go by (web/lib/live.ts): item changes refetch every resource but those in `NOT_LIVE`.
 * Screens never write a key array of their own: they take it from here, through the query options beside
 * their calls (`myOrdersQuery(view).queryKey`) or directly for an invalidation.
 *
 * Parameters are the values the call is made with (a list's view, a filter, an id); they are typed loosely
 * (`object`) where their type lives with a screen, so this file imports nothing of the SPA's.
 */
import type { NotificationFilter } from '../../domain/contract/notifications';
import type { FcoBatch } from '../../domain/contract/queues';
import type { ReferenceKind } from '../../domain/contract/reference';

const users = ['users'] as const;
const notifications = ['notifications'] as const;
const orderItems = ['order_items'] as const;
const orderers = ['orderers'] as const;
const fcoBatches = ['fco_batches'] as const;
const savedViews = ['saved_views'] as const;
const carts = ['carts'] as const;
const conversations = ['conversations'] as const;
const cannedReplies = ['canned-replies'] as const;
const outbox = ['outbox'] as const;
const audit = ['audit'] as const;
const webhooks = ['webhooks'] as const;
const search = ['search'] as const;
const salesReports = ['sales-reports'] as const;
const reference = ['reference'] as const;
const faq = ['faq'] as const;

export const queryKeys = {
  users: {
    all: users,
    /** The signed-in user and the CSRF token. */
    current: [...users, 'current_user'] as const,
    /** The staff who have queues (menus and pickers). */
    orderers: [...users, 'orderers'] as const,
    /** The admin's list of accounts (/users). */
    admin: [...users, 'admin'] as const,
    /** The signed-in user's second factor and the policy (account security). */
    mfa: [...users, 'mfa'] as const,
    /** The signed-in user's sessions (account security). */
    sessions: [...users, 'sessions'] as const,
    /** Whether everyone must have 2-step verification (/users). */
    securityPolicy: [...users, 'security_policy'] as const,
  },
  notifications: {
    all: notifications,
    /** Under the notifications key: a live "notification" hint refreshes the groups as well. */
    groupsAll: [...notifications, 'groups'] as const,
    groups: (filter: NotificationFilter) => [...notifications, 'groups', filter] as const,
  },
  orderItems: {
    all: orderItems,
    myOrders: <V extends object>(view: V) => [...orderItems, 'my_orders', view] as const,
    dashboard: <V extends object>(view: V) => [...orderItems, 'dashboard', view] as const,
    escalations: <V extends object>(view: V) => [...orderItems, 'escalations', view] as const,
    /** A page of the team list (/items). */
    team: <V extends object>(view: V) => [...orderItems, 'team', view] as const,
    /** Only the escalations desk's count (the navigation's badge). */
    escalationCount: [...orderItems, 'escalations', 'count'] as const,
    /** The order context of an item page, by the id or ref in the URL. */
    context: (key: string) => [...orderItems, 'context', key] as const,
    detailsAll: [...orderItems, 'detail'] as const,
    /** One item's page record, by the id or ref in the URL. */
    detail: (key: string) => [...orderItems, 'detail', key] as const,
    /** The server's price of a modification that reprices the order's other items. */
    priceEstimate: <U extends object>(ref: string, update: U) =>
      [...orderItems, ref, 'price_estimate', update] as const,
  },
  orderers: {
    all: orderers,
    stats: [...orderers, 'stats'] as const,
    /** One orderer's queue page. */
    queue: <V extends object>(ordererId: string, view: V) =>
      [...orderers, ordererId, 'order_items', view] as const,
  },
  fcoBatches: {
    all: fcoBatches,
    inState: (state: Exclude<FcoBatch['state'], 'received'>) => [...fcoBatches, state] as const,
    one: (idOrRef: string) => [...fcoBatches, 'one', idOrRef] as const,
  },
  savedViews: { all: savedViews },
  carts: {
    all: carts,
    unpaid: [...carts, 'unpaid'] as const,
    detail: (orderRef: string) => [...carts, 'detail', orderRef] as const,
  },
  conversations: {
    all: conversations,
    /** Inbox or archive, a page, optionally one assignee's. */
    list: <P extends object>(params: P) => [...conversations, 'active', params] as const,
    /** Every folder's pages of the inbox. */
    inboxAll: [...conversations, 'inbox'] as const,
    /** One folder of the inbox, a page (with every folder's count). */
    inbox: <P extends object>(params: P) => [...conversations, 'inbox', params] as const,
    detail: (id: string) => [...conversations, 'detail', id] as const,
    orders: (id: number) => [...conversations, 'orders', id] as const,
    assignees: [...conversations, 'assignees'] as const,
  },
  cannedReplies: { all: cannedReplies },
  outbox: {
    all: outbox,
    kinds: [...outbox, 'kinds'] as const,
    list: <P extends object>(params: P) => [...outbox, 'list', params] as const,
    message: (id: number) => [...outbox, 'message', id] as const,
    /** The customer e-mail templates rendered with sample data. */
    templates: [...outbox, 'templates'] as const,
  },
  audit: {
    all: audit,
    list: <P extends object>(params: P) => [...audit, 'list', params] as const,
  },
  webhooks: {
    all: webhooks,
    endpoints: [...webhooks, 'endpoints'] as const,
    /** A page of one endpoint's delivery log. */
    deliveries: <P extends object>(endpointId: number, params: P) =>
      [...webhooks, endpointId, 'deliveries', params] as const,
    delivery: (endpointId: number, id: number) => [...webhooks, endpointId, 'delivery', id] as const,
  },
  search: {
    /** A quick search; the search page adds its results' filter, the command palette has none. */
    simple: <F extends object>(q: string, filter?: F) =>
      filter === undefined
        ? ([...search, 'simple', q] as const)
        : ([...search, 'simple', q, filter] as const),
    advanced: <A extends object, F extends object>(form: A, filter: F) =>
      [...search, 'advanced', form, filter] as const,
  },
  salesReports: {
    monthly: (month: { year: number; month: number }) =>
      [...salesReports, 'monthly', { year: month.year, month: month.month }] as const,
  },
  reference: {
    all: reference,
    list: (kind: ReferenceKind) => [...reference, kind] as const,
    articles: [...reference, 'articles'] as const,
    articleCategories: [...reference, 'article_categories'] as const,
  },
  faq: {
    all: faq,
    categories: [...faq, 'categories'] as const,
  },
};

/**
 * The resources whose queries an order-item change does not touch: the signed-in user and the staff lists,
 * notifications (their own hint) and the reference content (refreshed by the admin tabs after their writes).
 */
export const NOT_LIVE: readonly string[] = [users, notifications, reference, faq].map((key) => key[0]);
