/**
 * Request bodies of the order-item and FCO-batch calls (SPEC.md section 7), with their wrapper keys.
 * Shapes and types are checked here; business rules (required notes, amounts, states) by the workflow.
 */
import { z } from 'zod';

const pence = z.number().int('Enter whole pence.').min(0, 'Enter £0.00 or more.').max(100_000_000);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd.');
const shortText = z.string().max(500);
const longText = z.string().max(20_000);
const id = z.number().int().positive().max(2_147_483_647);

/** Every order-item write may carry the lock_version the client read. */
const withLock = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, lock_version: z.number().int().min(0).optional() });

export const LockOnlySchema = withLock({}).optional();
export type LockOnly = z.infer<typeof LockOnlySchema>;

export const AssignToOrdererSchema = z.object({
  order_assignment: z.object({
    orderer_id: id,
    order_item_ids: z.array(id).min(1, 'Tick at least one order item.').max(500),
  }),
});
export const ReassignSchema = withLock({ reassign: z.object({ orderer_id: id }) });
export const AddNoteSchema = withLock({ note: z.object({ body: longText }) });
export const EscalateSchema = withLock({ escalation: z.object({ message: longText }) });
export const ContactCustomerSchema = withLock({
  message: z.object({ body: longText, response_required: z.boolean() }),
});
export const OrderItemUpdateSchema = withLock({
  order_item_update: z
    .object({
      service_level: z.string().max(20),
      pages: z.number().int().min(1).max(10_000),
      copies: z.number().int().min(1).max(1000),
      apostille_copies: z.number().int().min(0).max(1000),
      apostille_country: z.string().max(2).nullable(),
      scan_send: z.boolean(),
      despatch_by: z.enum(['standard', 'signed_for', 'tracked', 'courier']),
    })
    .partial(),
});
export const GroOrderPlacedSchema = withLock({
  gro: z.object({
    reference: shortText,
    data: longText.nullish(),
    destination: z.string().max(40),
    service: z.string().max(40),
    cost: pence.nullish(),
  }),
});
export const ReturnToOrdererSchema = withLock({ comment: z.object({ message: longText }) });
export const RejectDocumentsSchema = withLock({ review: z.object({ notes: longText }) });
export const SendForTranslationSchema = withLock({
  translation_request: z.object({ notes: longText.nullish(), despatch_to: z.string().max(40) }),
});
export const DespatchSchema = withLock({
  despatch: z.object({
    despatched_on: isoDate.nullish(),
    carrier: z.string().max(40),
    service: z.string().max(80),
    cost: pence.nullish(),
    reference: shortText.nullish(),
  }),
});
export const CancelRefundSchema = withLock({
  cancel_refund: z.object({
    action: z.string().max(20),
    reason: z.string().max(40),
    amount: pence.nullish(),
    notes: longText.nullish(),
  }),
});
export const IpsSubmittedSchema = withLock({ ips: z.object({ notes: longText }) });
export const ReorderRequiredSchema = withLock({ reorder: z.object({ notes: longText }) });
export const GroCommunicationSchema = withLock({
  gro_communication: z.object({ message: longText, refund_amount: pence }),
});
export const OriginalReceivedSchema = withLock({
  original_received: z.object({ received_on: isoDate.nullish() }).optional(),
}).optional();

/** PUT /order_items/{ref}: one record, its id and one changed field. */
export const EditOrderItemSchema = withLock({
  order_attributes: z.record(z.string(), z.unknown()).optional(),
  orderable_attributes: z.record(z.string(), z.unknown()).optional(),
  shipping_address_attributes: z.record(z.string(), z.unknown()).optional(),
});

export const CreateFcoBatchSchema = z.object({
  order_item_ids: z.array(id).min(1, 'Tick at least one apostille item.').max(200),
  fco_batch: z.object({ fco_reference: shortText.min(1, 'Enter the FCO reference.'), fco_cost: pence }),
});
export const DespatchFcoBatchSchema = z.object({
  despatch: z.object({
    despatched_on: isoDate.nullish(),
    despatch_cost: pence,
    despatch_reference: shortText.nullish(),
  }),
  lock_version: z.number().int().min(0).optional(),
});

export const PriceEstimateSchema = z.object({
  estimate: z.object({
    current_in_pence: z.number().int(),
    new_in_pence: z.number().int(),
    difference_in_pence: z.number().int(),
  }),
});
