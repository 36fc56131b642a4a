/**
 * Request bodies of the order-item and FCO-batch calls (SPEC.md section 7), with their wrapper keys and the
 * optional top-level lock_version. Fields carry the messages forms show; the workflow checks the rules that
 * depend on the item (its state, its net value, its attachments).
 */
import { z } from 'zod';
import {
  CANCEL_REASONS,
  CANCEL_REFUND_ACTIONS,
  GRO_DESTINATIONS,
  TRANSLATION_DESPATCH_OPTIONS,
} from '../options';
import { CARRIERS, DELIVERY_REGIONS, DESPATCH_BY, DESPATCH_SERVICE_VALUES, GRO_SERVICES } from '../pricing';
import { TRANSLATION_TYPES } from '../states';
import { CountryCodeSchema } from './codes';
import {
  enumOf,
  FreeFormBodySchema,
  IdSchema,
  IsoDateSchema,
  LongTextSchema,
  PenceSchema,
  requiredText,
  ShortTextSchema,
  TEXT_LIMITS,
  withLock,
} from './common';

/** Actions without input still accept a lock_version, or no body at all. */
export const LockOnlySchema = withLock({}).optional();
export type LockOnly = z.infer<typeof LockOnlySchema>;

export const AssignToOrdererSchema = z.object({
  order_assignment: z.object({
    orderer_id: z.number({ error: 'Choose an orderer.' }).int().positive().max(2_147_483_647),
    order_item_ids: z.array(IdSchema).min(1, 'Tick at least one order item.').max(500),
  }),
});
export type AssignToOrderer = z.infer<typeof AssignToOrdererSchema>;

export const ReassignSchema = withLock({ reassign: z.object({ orderer_id: IdSchema }) });
export type Reassign = z.infer<typeof ReassignSchema>;

export const AddNoteSchema = withLock({ note: z.object({ body: requiredText('Enter a note.') }) });
export type AddNote = z.infer<typeof AddNoteSchema>;

export const EscalateSchema = withLock({
  escalation: z.object({ message: requiredText('Check you provided a message.') }),
});
export type Escalate = z.infer<typeof EscalateSchema>;

export const ContactCustomerSchema = withLock({
  message: z.object({
    body: requiredText('Enter a message to the customer.'),
    response_required: z.boolean({ error: 'Say whether a response is required.' }),
  }),
});
export type ContactCustomer = z.infer<typeof ContactCustomerSchema>;

/** Modify Order's attributes; any subset may change. */
export const OrderItemUpdateAttributesSchema = z
  .object({
    service_level: z.string().max(20),
    pages: z.number().int('Enter a whole number of pages.').min(1, 'Enter at least 1 page.').max(10_000),
    copies: z.number().int('Enter a whole number of copies.').min(1, 'Enter at least 1 copy.').max(1000),
    apostille_copies: z.number().int().min(0, 'Enter 0 or more apostille copies.').max(1000),
    apostille_country: CountryCodeSchema.nullable(),
    scan_send: z.boolean(),
    despatch_by: z.enum(DESPATCH_BY, { error: 'Choose a despatch option.' }),
    /** Translations only: CertifiedTranslation | SwornTranslation | NotarisedTranslation. */
    type: z.enum(TRANSLATION_TYPES, { error: 'Choose a kind of translation.' }),
    /** The order's delivery region; a change reprices the order's other open items too. */
    delivery_region: z.enum(DELIVERY_REGIONS, { error: 'Choose a delivery region.' }),
  })
  .partial();
export type OrderItemUpdateAttributes = z.infer<typeof OrderItemUpdateAttributesSchema>;

/** POST request_update and POST price_estimate take the same body. */
export const OrderItemUpdateSchema = withLock({ order_item_update: OrderItemUpdateAttributesSchema });
export type OrderItemUpdate = z.infer<typeof OrderItemUpdateSchema>;

export const GroOrderPlacedSchema = withLock({
  gro: z.object({
    reference: requiredText('Enter the GRO reference.', 500),
    data: LongTextSchema.nullish(),
    destination: enumOf(GRO_DESTINATIONS, 'Choose where the GRO should send the certificate.'),
    service: enumOf(GRO_SERVICES, 'Choose a GRO service.'),
    /** Absent or null: the service's cost. */
    cost: PenceSchema.nullish(),
  }),
});
export type GroOrderPlaced = z.infer<typeof GroOrderPlacedSchema>;

export const ReturnToOrdererSchema = withLock({
  comment: z.object({ message: requiredText('Enter a message for the orderer.') }),
});
export type ReturnToOrderer = z.infer<typeof ReturnToOrdererSchema>;

export const RejectDocumentsSchema = withLock({
  review: z.object({ notes: requiredText('Please provide some feedback to the customer!') }),
});
export type RejectDocuments = z.infer<typeof RejectDocumentsSchema>;

/** The staff's words when a file of the customer's is rejected: kept on the file, shown in its list. */
export const REJECT_FILE_MESSAGE = 'Say why this file is rejected.';
export const RejectAttachmentSchema = z.object({
  rejection: z.object({ reason: requiredText(REJECT_FILE_MESSAGE, TEXT_LIMITS.short) }),
});
export type RejectAttachment = z.infer<typeof RejectAttachmentSchema>;

export const SendForTranslationSchema = withLock({
  translation_request: z.object({
    notes: LongTextSchema.nullish(),
    despatch_to: enumOf(TRANSLATION_DESPATCH_OPTIONS, 'Choose where the translation should be sent.'),
  }),
});
export type SendForTranslation = z.infer<typeof SendForTranslationSchema>;

export const DespatchSchema = withLock({
  despatch: z.object({
    /** Absent or null: today in London. */
    despatched_on: IsoDateSchema.nullish(),
    carrier: enumOf(CARRIERS, 'Choose a carrier.'),
    service: z.enum(DESPATCH_SERVICE_VALUES, { error: 'Choose a service.' }),
    /** Absent or null: the service's price for the order's region. */
    cost: PenceSchema.nullish(),
    reference: ShortTextSchema.nullish(),
  }),
});
export type Despatch = z.infer<typeof DespatchSchema>;

export const CancelRefundSchema = withLock({
  cancel_refund: z.object({
    action: enumOf(CANCEL_REFUND_ACTIONS, 'Choose cancel, partial, full or refund only.'),
    reason: enumOf(CANCEL_REASONS, 'Choose a reason.'),
    /** Required for partial and refund_only; the workflow checks it against the net value. */
    amount: PenceSchema.nullish(),
    notes: LongTextSchema.nullish(),
  }),
});
export type CancelRefund = z.infer<typeof CancelRefundSchema>;

const ipsNotes = requiredText('Please provide details of the IPS you have completed.');
export const IpsSubmittedSchema = withLock({ ips: z.object({ notes: ipsNotes }) });
export type IpsSubmitted = z.infer<typeof IpsSubmittedSchema>;
export const ReorderRequiredSchema = withLock({ reorder: z.object({ notes: ipsNotes }) });
export type ReorderRequired = z.infer<typeof ReorderRequiredSchema>;

export const GroCommunicationSchema = withLock({
  gro_communication: z.object({
    message: LongTextSchema,
    refund_amount: PenceSchema,
  }),
});
export type GroCommunication = z.infer<typeof GroCommunicationSchema>;

export const OriginalReceivedSchema = withLock({
  original_received: z.object({ received_on: IsoDateSchema.nullish() }).optional(),
}).optional();
export type OriginalReceived = z.infer<typeof OriginalReceivedSchema>;

/** A whole postal address, as staff add a shipping address to an order. */
export const AddressInputSchema = z.object({
  name: requiredText('Enter the name.', 200),
  line_1: requiredText('Enter the first line of the address.', 200),
  line_2: z.string().trim().max(200, 'Keep this under 200 characters.').nullish(),
  city: requiredText('Enter the town or city.', 100),
  state: z.string().trim().max(100, 'Keep this under 100 characters.').nullish(),
  zip: requiredText('Enter the postcode.', 20),
  country_code: CountryCodeSchema,
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

/**
 * PUT /order_items/{ref}: one nested record with its id and one changed field; or
 * shipping_address_attributes without an id (a new shipping address, whole) or with `_destroy: true`
 * (removed: the order ships to the billing address).
 */
export const EditOrderItemSchema = withLock({
  order_attributes: FreeFormBodySchema.optional(),
  orderable_attributes: FreeFormBodySchema.optional(),
  billing_address_attributes: FreeFormBodySchema.optional(),
  shipping_address_attributes: FreeFormBodySchema.optional(),
});
export type EditOrderItem = z.infer<typeof EditOrderItemSchema>;

export const CreateFcoBatchSchema = z.object({
  order_item_ids: z.array(IdSchema).min(1, 'Tick at least one apostille item.').max(200),
  fco_batch: z.object({
    fco_reference: requiredText('Enter the FCO reference.', 500),
    fco_cost: PenceSchema,
  }),
});
export type CreateFcoBatch = z.infer<typeof CreateFcoBatchSchema>;

export const DespatchFcoBatchSchema = withLock({
  despatch: z.object({
    /** Absent or null: today in London. */
    despatched_on: IsoDateSchema.nullish(),
    despatch_cost: PenceSchema,
    despatch_reference: ShortTextSchema.nullish(),
  }),
});
export type DespatchFcoBatch = z.infer<typeof DespatchFcoBatchSchema>;

/** Another item of the order that a delivery region change reprices. */
export const RepricedItemSchema = z.object({
  ref: z.string(),
  current_in_pence: z.number().int(),
  new_in_pence: z.number().int(),
});
export type RepricedItemWire = z.infer<typeof RepricedItemSchema>;

/**
 * The estimate covers this item and the items a region change reprices (listed in other_items):
 * difference = new − current over all of them.
 */
export const PriceEstimateSchema = z.object({
  estimate: z.object({
    current_in_pence: z.number().int(),
    new_in_pence: z.number().int(),
    difference_in_pence: z.number().int(),
    other_items: z.array(RepricedItemSchema),
  }),
});
export type PriceEstimateResponse = z.infer<typeof PriceEstimateSchema>;
