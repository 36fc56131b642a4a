/**
 * The item going out: sent to the translator and back, despatched to the customer, with the cover letter
 * printed to go with it.
 */
import * as C from '../../../domain/contract/order-item-actions';
import { auditActorOf, recordAudit } from '../../services/audit/record';
import { coverLetterPdf } from '../../services/order-items/cover-letter';
import { file } from '../answers';
import { ItemParams } from '../order-items';
import type { RouteDeps } from '../route-deps';
import { type ActionApp, type ActionRow, action, NoPayload, ONCE, once, TAGS } from './action';

/** The translation and despatch calls, as rows of the action table. */
export const despatchActions: ActionRow[] = [
  action(
    'send_for_translation',
    C.SendForTranslationSchema,
    (b) => ({
      type: 'send_for_translation',
      notes: b.translation_request.notes ?? null,
      despatchTo: b.translation_request.despatch_to,
    }),
    'Send to the translator',
  ),
  action(
    'translation_complete',
    NoPayload,
    () => ({ type: 'translation_complete' }),
    'Translator delivered to the customer',
  ),
  action(
    'translation_received',
    NoPayload,
    () => ({ type: 'translation_received' }),
    'Translation came back to the office',
  ),
  action(
    'despatch',
    once(C.DespatchSchema),
    (b) => ({
      type: 'despatch',
      despatchedOn: b.despatch.despatched_on ?? null,
      carrier: b.despatch.carrier,
      service: b.despatch.service,
      cost: b.despatch.cost ?? null,
      reference: b.despatch.reference ?? null,
    }),
    'Despatch to the customer',
    ONCE,
  ),
];

/** Registers the cover letter's PDF. */
export function coverLetterRoutes(app: ActionApp, { database }: RouteDeps): void {
  const { db } = database;

  app.get(
    '/order_items/:ref/cover_letter.pdf',
    {
      schema: {
        tags: TAGS,
        summary: 'The cover letter to print (PDF)',
        params: ItemParams,
        response: { 200: file('The cover letter', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const { ref, pdf } = await coverLetterPdf(db, request.params.ref);
      await recordAudit(db, auditActorOf(request), {
        kind: 'document.downloaded',
        targetType: 'order_item',
        targetId: ref,
        summary: `Opened the cover letter of ${ref}`,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="cover-letter-${ref}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
}
