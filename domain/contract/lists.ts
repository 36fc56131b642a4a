/**
 * The lists of order items and the work on many items at once (issue 18): the filter every list takes (the
 * dashboard, my queue, the work queues, the escalations desk and search results), saved views, bulk actions,
 * and the matching ids behind "select all N matching" (the escalations desk's page and the order context are
 * in escalations.ts and order-context.ts, which the app shell does not load).
 */
import { z } from 'zod';
import { ALL_STATES, ORDER_ITEM_TYPES, type OrderItemState, STATE_GROUPS } from '../states';
import { IdSchema, IsoDateSchema, LongTextSchema, TimestampSchema, UserRefSchema } from './common';
import { UndoOfferSchema } from './undo';

/** The flags a list can be narrowed to (all that are given must hold). */
export const ITEM_FLAGS = ['escalated', 'on_hold', 'waiting_customer', 'flagged', 'overdue'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

/**
 * A comma-separated list of values in a query string (`state=waiting_gro,waiting_fco`), each one checked. The
 * OpenAPI description shows it as what it is, an array of the values sent as one comma-separated parameter
 * (`style: form, explode: false`): server/openapi-components.ts rewrites the `x-comma-separated` mark.
 */
function csvOf<const V extends readonly [string, ...string[]]>(values: V, max: number) {
  return z
    .string()
    .max(2000)
    .meta({ 'x-comma-separated': { values: [...values], maxItems: max } })
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)).max(max));
}

/**
 * What narrows a list, as query parameters (and the `filter` of a saved view, a bulk selection and a search):
 * state groups, states, flags, item types, the orderer (`none`: unassigned), a despatch-by date range and
 * text. Text matches the ref, item type, customer name or e-mail, a state's label or key ("Waiting Customer",
 * `despatch_required`) and the flag words (escalated, on hold, flagged, overdue).
 */
export const ListFilterSchema = z.object({
  group: csvOf(STATE_GROUPS, STATE_GROUPS.length).optional(),
  state: csvOf(ALL_STATES as [OrderItemState, ...OrderItemState[]], ALL_STATES.length).optional(),
  flag: csvOf(ITEM_FLAGS, ITEM_FLAGS.length).optional(),
  type: csvOf(ORDER_ITEM_TYPES, ORDER_ITEM_TYPES.length).optional(),
  orderer: z.union([z.literal('none'), z.coerce.number().int().positive().max(2_147_483_647)]).optional(),
  due_from: IsoDateSchema.optional(),
  due_to: IsoDateSchema.optional(),
  q: z.string().trim().max(100).optional(),
});
/** The filter as the server reads it (lists parsed). */
export type ListFilter = z.output<typeof ListFilterSchema>;
/** The filter as it travels in a URL (comma-separated strings). */
export type ListFilterParams = z.input<typeof ListFilterSchema>;

/**
 * The lists a filter (a saved view, "select all N matching") can apply to; `team` is the team list (/items):
 * every open item, whoever has it.
 */
export const LIST_SCOPES = ['dashboard', 'my_queue', 'work_queue', 'escalations', 'team'] as const;
export type ListScopeName = (typeof LIST_SCOPES)[number];

/** GET …/ids.json: the ids of every item a list's filter matches, up to the bulk cap. */
export const BULK_CAP = 500;
export const MatchingIdsSchema = z.object({
  ids: z.array(IdSchema),
  total_count: z.number().int(),
  capped: z.boolean(),
});
export type MatchingIds = z.infer<typeof MatchingIdsSchema>;

/**
 * A saved view: a named list (a screen and its URL query), shown in the navigation. Its owner's alone, or
 * shared with the team: everyone sees a shared view; only its owner or an administrator may change it.
 */
export const SavedViewSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The screen: '/dashboard', '/my-queue', '/work-queues/3', '/escalations', '/items'. */
  path: z.string(),
  /** The query string without '?', as the list's URL has it (filters, sort). */
  query: z.string(),
  /** How many items the view matches now. */
  count: z.number().int(),
  position: z.number().int(),
  /** Everyone on the team sees it (and its count as they would see the list). */
  shared: z.boolean(),
  /** Who saved it. */
  owner: UserRefSchema,
  /** Whether the signed-in user may rename, share, unshare or delete it: its owner, or an administrator. */
  can_change: z.boolean(),
  created_at: TimestampSchema,
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const SavedViewListSchema = z.object({ saved_views: z.array(SavedViewSchema) });
export type SavedViewList = z.infer<typeof SavedViewListSchema>;

export const SavedViewInputSchema = z.object({
  saved_view: z.object({
    name: z.string().trim().min(1, 'Name the view.').max(60, 'Keep the name under 60 characters.'),
    path: z
      .string()
      .max(200)
      .regex(/^\/(dashboard|my-queue|escalations|items|work-queues\/\d{1,10})$/, 'Save a view of a list.'),
    query: z.string().max(2000),
    /** Share it with the team (absent: a new view is private, a changed one keeps its sharing). */
    shared: z.boolean().optional(),
  }),
});
export type SavedViewInput = z.infer<typeof SavedViewInputSchema>;

export const SavedViewResponseSchema = z.object({ saved_view: SavedViewSchema });

/** What a bulk action does to each item: the same service and checks as the single action. */
export const BULK_ACTIONS = ['assign', 'flag', 'unflag', 'note'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BulkRequestSchema = z.object({
  bulk: z
    .object({
      action: z.enum(BULK_ACTIONS),
      order_item_ids: z.array(IdSchema).min(1, 'Select at least one item.').max(BULK_CAP),
      /** assign: the orderer. */
      orderer_id: IdSchema.optional(),
      /** note: the comment's text. */
      body: LongTextSchema.optional(),
    })
    .superRefine((b, ctx) => {
      if (b.action === 'assign' && b.orderer_id === undefined)
        ctx.addIssue({ code: 'custom', path: ['orderer_id'], message: 'Choose an orderer.' });
      if (b.action === 'note' && !b.body?.trim())
        ctx.addIssue({ code: 'custom', path: ['body'], message: 'Write the note.' });
    }),
});
export type BulkRequest = z.infer<typeof BulkRequestSchema>;

/** Per item: done, or refused and why (a refusal changes nothing of that item). */
export const BulkResultSchema = z.object({
  id: IdSchema,
  ref: z.string().nullable(),
  status: z.enum(['done', 'refused']),
  message: z.string().nullable(),
});
export const BulkResponseSchema = z.object({
  results: z.array(BulkResultSchema),
  done: z.number().int(),
  refused: z.number().int(),
});
export type BulkResponse = z.infer<typeof BulkResponseSchema>;

/** A bulk action's results, with an offer to take back what it did (null: nothing it did can be undone). */
export const BulkUndoableResponseSchema = BulkResponseSchema.extend({
  undo: UndoOfferSchema.nullable().describe(
    'Takes back every item the call changed (assign, flag, unflag), all or none; null for a note, or when ' +
      'no item changed.',
  ),
});
export type BulkUndoableResponse = z.infer<typeof BulkUndoableResponseSchema>;
