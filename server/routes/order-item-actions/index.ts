/**
 * Every order-item workflow call of SPEC.md section 7, one file per area. Each route maps its SPEC body to a
 * domain action and answers the updated record (`{"order_item": {...}}`); the service and the state machine
 * do the rest. Most calls are rows of the action table (`action()` in action.ts); the others are routes of
 * their own.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ATTACHMENT_BYTES } from '../../storage/storage';
import type { RouteDeps } from '../route-deps';
import type { ActionRow } from './action';
import { assignmentRoutes } from './assignment';
import { attachmentRoutes } from './attachments';
import { commentRoutes } from './comments';
import { coverLetterRoutes, despatchActions } from './despatch';
import { documentActions } from './documents';
import { escalationActions } from './escalation';
import { fcoBatchRoutes } from './fco';
import { groActions } from './gro';
import { noteActions } from './notes';
import { updateActions, updateRoutes } from './updates';

/**
 * The order the action table's calls are registered in, which is the order docs/openapi.json lists them in
 * (the drift check of `npm run check` compares that file as text). A new call goes in here too.
 */
const ACTION_ORDER = [
  'toggle_flag',
  'add_note',
  'escalate',
  'contact_customer',
  'request_update',
  'confirm_update',
  'withdraw_update',
  'gro_order_placed',
  'received_from_gro',
  'received_from_customer',
  'return_to_orderer',
  'approve_scan_send',
  'approve_documents',
  'reject_documents',
  'send_for_translation',
  'translation_complete',
  'translation_received',
  'despatch',
  'cancel_refund',
  'ips_submitted',
  'reorder_required',
  'ips_confirmed',
  'gro_communication',
  'original_received',
  'postpone_notification',
];

/** The rows in ACTION_ORDER; fails at start-up unless it names every row once and nothing else. */
function inActionOrder(rows: readonly ActionRow[]): ActionRow[] {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const ordered = ACTION_ORDER.flatMap((name) => byName.get(name) ?? []);
  if (ordered.length !== rows.length || ordered.length !== ACTION_ORDER.length) {
    throw new Error('order-item-actions: ACTION_ORDER must name every row of the action table once.');
  }
  return ordered;
}

/** Every row of the action table, from each area. */
const ACTIONS = inActionOrder([
  ...noteActions,
  ...escalationActions,
  ...updateActions,
  ...groActions,
  ...documentActions,
  ...despatchActions,
]);

/** Registers every order-item workflow call, and the FCO batch calls, with the multipart parser for uploads. */
export const orderItemActionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5 } });
  for (const row of ACTIONS) row.register(app, deps.database.db);
  assignmentRoutes(app, deps);
  updateRoutes(app, deps);
  commentRoutes(app, deps);
  attachmentRoutes(app, deps);
  coverLetterRoutes(app, deps);
  fcoBatchRoutes(app, deps);
};
