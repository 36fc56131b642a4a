/**
 * Work on many order items at once (issue 18): a bulk action (assign, flag, unflag, note) with a result per
 * item, and the CSV export of the selected items. Any member of staff may call both; what each item allows
 * is the single action's check, item by item (docs/decisions/bulk-actions.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema } from '../../domain/contract/common';
import { BULK_CAP, BulkRequestSchema, BulkUndoableResponseSchema } from '../../domain/contract/lists';
import { currentUser } from '../auth/guard';
import { auditActorOf, recordAudit } from '../services/audit/record';
import { runBulkAction } from '../services/order-items/bulk';
import { exportOrderItemsCsv } from '../services/order-items/csv-export';
import { file, json } from './answers';
import { actorOf } from './order-item-actions/action';
import type { RouteDeps } from './route-deps';

const ExportRequestSchema = z.object({
  order_item_ids: z.array(IdSchema).min(1, 'Select at least one item.').max(BULK_CAP),
});

export const bulkRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['bulk actions'];

  app.post(
    '/order_items/bulk.json',
    {
      schema: {
        tags,
        summary: 'Assign, flag, unflag or note many items; answers done or refused (and why) per item',
        description:
          `At most ${BULK_CAP} items. Each item goes through the same checks and service as its single ` +
          'action, in its own transaction, in id order, with its own timeline event and notifications; a ' +
          'refused item changes nothing and the others still proceed. assign is for administrators (an ' +
          "orderer's call answers 403 and changes nothing); an assignee who is not an active orderer answers " +
          '422 and changes nothing. flag on a flagged item (unflag on an unflagged one) is done without a new event. ' +
          'undo takes back every item an assign, flag or unflag changed (POST /undo.json), all or none.',
        body: BulkRequestSchema,
        response: {
          200: json(
            'A result per item, in id order, with the counts and the undo offer',
            BulkUndoableResponseSchema,
          ),
        },
      },
    },
    async (request) =>
      runBulkAction(db, request.body.bulk, actorOf(currentUser(request)), {
        onUnexpected: (error, id) =>
          request.log.error({ err: error, orderItemId: id }, 'bulk action item failed'),
      }),
  );

  app.post(
    '/order_items/export.csv',
    {
      schema: {
        tags,
        summary: 'The selected items as a CSV file (for a spreadsheet)',
        description:
          'Columns: Ref, Order, Type, State, Orderer, Customer, E-mail, Despatch by (dd/MM/yyyy), Net value ' +
          '(£), Flags; rows in the order given, unknown ids left out. A cell that starts with = + - @ or a ' +
          'tab or carriage return is written with a leading apostrophe, so a spreadsheet never runs it.',
        body: ExportRequestSchema,
        response: { 200: file('The CSV file (UTF-8 with a byte order mark)', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await exportOrderItemsCsv(db, request.body.order_item_ids);
      const ids = request.body.order_item_ids;
      await recordAudit(db, auditActorOf(request), {
        kind: 'export.order_items_csv',
        summary: `Exported ${ids.length} order item${ids.length === 1 ? '' : 's'} as CSV`,
        after: { order_item_ids: ids },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv, 'utf8'));
    },
  );
};
