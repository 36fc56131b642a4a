/**
 * What the order-item action routes share: the table-style `action()` helper that registers one workflow call,
 * the signed-in user as the workflow's actor, the required lock_version of the calls that must happen once,
 * and the answers every call that changes an item gives.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderItemResponseSchema,
  OrderItemUndoableResponseSchema,
} from '../../../domain/contract/order-item';
import * as C from '../../../domain/contract/order-item-actions';
import type { UndoKind } from '../../../domain/contract/undo';
import type { StaffActor, WorkflowAction } from '../../../domain/workflow/types';
import { currentUser } from '../../auth/guard';
import type { SessionUser } from '../../auth/sessions';
import { showOrderItem } from '../../services/order-items/queries';
import { runItemAction, runUndoableItemAction } from '../../services/order-items/run-action';
import { json, refusals } from '../answers';
import { ItemParams } from '../order-items';
import type { RouteDeps } from '../route-deps';

/** The Fastify instance the routes are registered on, with zod schemas as its type provider. */
export type ActionApp = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

/** The database handle the routes pass on to the services. */
export type ActionDb = RouteDeps['database']['db'];

/** The OpenAPI tag of every call on an order item. */
export const TAGS = ['order item actions'];

/** The workflow's actor for the signed-in user. */
export const actorOf = (user: SessionUser): StaffActor => ({
  kind: 'user',
  id: user.id,
  role: user.role,
});

/**
 * Calls that e-mail the customer or move money need the lock_version the client read: a repeat, a double
 * click or a parallel copy then finds it stale (409) and does nothing (docs/decisions/exactly-once.md).
 */
export const RequiredLockVersion = z
  .number({ error: 'Send the lock_version of the record as you last read it.' })
  .int()
  .min(0)
  .describe('Required: the lock_version read with the record. A different current one answers 409 stale.');

/** A call's body with the required lock_version added, for a call that must happen exactly once. */
export const once = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema.extend({ lock_version: RequiredLockVersion });

/** The OpenAPI description of a call that must happen exactly once. */
export const ONCE =
  'E-mails the customer or moves money, so it happens exactly once: lock_version is required, and a repeated, ' +
  'double-clicked or parallel copy of the call answers 409 and changes and sends nothing.';

/** The OpenAPI description of a call without a body that moves the state one way. */
export const ONE_WAY =
  'Takes no body (a lock_version is optional). A one-way move of the state, made under the row lock: a repeat ' +
  'answers 409 wrong_state and changes and sends nothing.';

/** SPEC's calls without a payload: no body at all (Fastify hands the route null), `{}`, or a lock_version. */
export const NoPayload = C.LockOnlySchema.nullable();

/** The path of one attachment or comment of an item: the item's ref and the record's id. */
export const AttachmentParams = ItemParams.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** What every call that changes an item answers: the item as it is now, or 409 with nothing changed. */
export const ITEM_ANSWER = {
  200: json('The updated order item', OrderItemResponseSchema),
  ...refusals(409),
};

/** What a reversible call answers: the item as it is now and the offer to undo (POST /undo.json), or 409. */
const UNDOABLE_ITEM_ANSWER = {
  200: json('The updated order item, and the offer to undo the change', OrderItemUndoableResponseSchema),
  ...refusals(409),
};

/** One row of the action table: a workflow call, by name, and how to register its route. */
export interface ActionRow {
  name: string;
  register: (app: ActionApp, db: ActionDb) => void;
}

/**
 * A row of the action table: POST /order_items/{ref}/<name>.json takes `body`, turns it into a workflow
 * action with `toAction`, runs it on the item and answers the updated item; `summary` and `description` are
 * what OpenAPI says of it. An `undo` kind makes the call reversible: it answers the offer to undo as well.
 */
export function action<S extends z.ZodType>(
  name: string,
  body: S,
  toAction: (body: z.output<S>) => WorkflowAction,
  summary: string,
  description?: string,
  undo?: UndoKind,
): ActionRow {
  const register = (app: ActionApp, db: ActionDb) => {
    const response = undo ? UNDOABLE_ITEM_ANSWER : ITEM_ANSWER;
    app.post(
      `/order_items/:ref/${name}.json`,
      { schema: { tags: TAGS, summary, description, params: ItemParams, body, response } },
      async (request) => {
        const user = currentUser(request);
        const parsed = request.body as z.output<S>;
        const lockVersion = (parsed as { lock_version?: number } | undefined)?.lock_version;
        const params = {
          key: request.params.ref,
          action: toAction(parsed),
          actor: actorOf(user),
          lockVersion,
        };
        if (undo) {
          const done = await runUndoableItemAction(db, { ...params, undo });
          return { ...(await showOrderItem(db, String(done.id), user)), undo: done.undo };
        }
        const id = await runItemAction(db, params);
        return showOrderItem(db, String(id), user);
      },
    );
  };
  return { name, register };
}
