/** What the customer-facing shops push in through /api/v1/storefront (PRODUCT.md section 9). */
import { z } from 'zod';
import { CERTIFICATE_COUNTRIES } from '../options';
import { DELIVERY_REGIONS, DESPATCH_BY } from '../pricing';
import {
  ITEM_TYPES_OF,
  ORDER_ITEM_TYPES,
  ORDERABLE_TYPES,
  type ProductLine,
  productLine,
  TRANSLATION_TYPES,
  translationTypeOf,
} from '../states';
import { CountryCodeSchema, LanguageCodeSchema } from './codes';
import {
  EmailSchema,
  EventDateSchema,
  enumOf,
  IdSchema,
  IsoDateTimeSchema,
  PenceSchema,
  requiredText,
  TEXT_LIMITS,
  TimestampSchema,
} from './common';
import { CART_STATES } from './conversations';
import {
  AddressSchema,
  OrderableSchema,
  OrderItemSchema,
  OrderSchema,
  PendingUpdateSchema,
} from './order-item';

const optionalText = (max: number) => z.string().max(max).nullish();

export const StorefrontAddressSchema = z.object({
  name: requiredText('Enter a name.', 300),
  line_1: z.string().max(300).default(''),
  line_2: optionalText(300),
  city: z.string().max(200).default(''),
  state: optionalText(200),
  zip: z.string().max(40).default(''),
  country_code: CountryCodeSchema.default('GB'),
});
export type StorefrontAddress = z.infer<typeof StorefrontAddressSchema>;

export const StorefrontOrderableSchema = z.object({
  type: z.enum(TRANSLATION_TYPES).nullish(),
  service_level: z.string().max(20).nullish(),
  copies: z
    .number()
    .int('Enter a whole number of copies.')
    .min(1, 'Enter at least 1 copy.')
    .max(1000)
    .default(1),
  pages: z
    .number()
    .int('Enter a whole number of pages.')
    .min(1, 'Enter at least 1 page.')
    .max(10_000)
    .nullish(),
  apostille_copies: z.number().int().min(0, 'Enter 0 or more apostille copies.').max(1000).default(0),
  apostille_country: CountryCodeSchema.nullish(),
  scan_send: z.boolean().default(false),
  despatch_by: z.enum(DESPATCH_BY).default('standard'),
  certificate_country: enumOf(CERTIFICATE_COUNTRIES, 'Use EW, NI, SC, RI or OS.').nullish(),
  source_language: LanguageCodeSchema.nullish(),
  documents_by_post: z.boolean().default(false),
  firstname_a: optionalText(200),
  surname_a: optionalText(200),
  firstname_b: optionalText(200),
  surname_b: optionalText(200),
  firstname_c: optionalText(200),
  surname_c: optionalText(200),
  /** The day of the birth, marriage or death: a London calendar day, today at the latest. */
  event_date: EventDateSchema.nullish(),
  event_place: optionalText(300),
});
export type StorefrontOrderable = z.infer<typeof StorefrontOrderableSchema>;

/**
 * The orderable fields only one product line has (PRODUCT.md section 4): the certificate's event, country of
 * registration and third person (a birth's mother), the translation's pages and source language. A shop may
 * leave out what does not apply; one that sends them on another line's item is refused (documents_by_post is
 * not among them: a customer may post papers for any line, though only a translation waits for them).
 */
export const LINE_ONLY_FIELDS: Readonly<Record<ProductLine, readonly (keyof StorefrontOrderable)[]>> = {
  certificate: ['certificate_country', 'event_date', 'event_place', 'firstname_c', 'surname_c'],
  translation: ['pages', 'source_language'],
  deed_poll: [],
};

const LINE_NAMES: Readonly<Record<ProductLine, { one: string; all: string }>> = {
  certificate: { one: 'a certificate', all: 'certificates' },
  translation: { one: 'a translation', all: 'translations' },
  deed_poll: { one: 'a deed poll', all: 'deed polls' },
};

/** Whether a shop sent a value: null and blank text say nothing. */
const sent = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && !value.trim());

/** Refuses each field of another product line sent on the item, at the field's own path. */
function checkLineFields(
  item: {
    orderable_type: z.infer<typeof ItemKindSchema>['orderable_type'];
    orderable: Record<string, unknown>;
  },
  ctx: z.RefinementCtx,
) {
  const line = productLine(item.orderable_type);
  for (const other of Object.keys(LINE_ONLY_FIELDS) as ProductLine[]) {
    if (other === line) continue;
    for (const field of LINE_ONLY_FIELDS[other]) {
      if (!sent(item.orderable[field])) continue;
      ctx.addIssue({
        code: 'custom',
        path: ['orderable', field],
        message: `Only ${LINE_NAMES[other].all} have ${field}: leave it out of ${LINE_NAMES[line].one}.`,
      });
    }
  }
}

/** What checkLineFields needs to parse: a known orderable type and an orderable object. */
const LineSchema = z.object({
  orderable_type: z.enum(ORDERABLE_TYPES),
  orderable: z.record(z.string(), z.unknown()),
});

const ItemKindSchema = z.object({
  orderable_type: z.enum(ORDERABLE_TYPES),
  type: z.enum(ORDER_ITEM_TYPES),
  orderable: z.object({ type: z.enum(TRANSLATION_TYPES).nullish() }),
});

/**
 * The item's three type fields must agree (issue 17): a Certificate is a birth, marriage or death
 * certificate, and a translation's orderable type, when sent, is the kind its item type names. Checked
 * whenever those fields parse, so a refused order lists this beside its other bad fields.
 */
function checkItemKind(item: z.output<typeof ItemKindSchema>, ctx: z.RefinementCtx) {
  const allowed = ITEM_TYPES_OF[item.orderable_type];
  if (!allowed.includes(item.type)) {
    const last = allowed[allowed.length - 1];
    const kinds = allowed.length > 1 ? `${allowed.slice(0, -1).join(', a ')} or a ${last}` : last;
    ctx.addIssue({ code: 'custom', path: ['type'], message: `A ${item.orderable_type} item is a ${kinds}.` });
    return;
  }
  const sent = item.orderable.type ?? null;
  const kind = translationTypeOf(item.type);
  if (sent !== null && sent !== kind) {
    ctx.addIssue({
      code: 'custom',
      path: ['orderable', 'type'],
      message: kind
        ? `A ${item.type} has the orderable type ${kind}.`
        : 'Only a translation has an orderable type.',
    });
  }
}

export const StorefrontOrderItemSchema = z
  .object({
    orderable_type: z.enum(ORDERABLE_TYPES),
    type: z.enum(ORDER_ITEM_TYPES),
    net_value: PenceSchema,
    orderable: StorefrontOrderableSchema,
  })
  .superRefine((item, ctx) => checkItemKind(item, ctx), {
    when: (payload) => ItemKindSchema.safeParse(payload.value).success,
  })
  .superRefine((item, ctx) => checkLineFields(item, ctx), {
    when: (payload) => LineSchema.safeParse(payload.value).success,
  });
export type StorefrontOrderItem = z.infer<typeof StorefrontOrderItemSchema>;

export const StorefrontOrderSchema = z.object({
  order: z.object({
    ref: z
      .string()
      .max(20, 'An order ref is digits.')
      .regex(/^\d{1,20}$/, 'An order ref is digits.'),
    email: EmailSchema,
    phone: optionalText(50),
    delivery_region: z.enum(DELIVERY_REGIONS),
    placed_at: IsoDateTimeSchema,
    billing_address: StorefrontAddressSchema,
    shipping_address: StorefrontAddressSchema.nullish(),
    items: z.array(StorefrontOrderItemSchema).min(1, 'An order has at least one item.').max(100),
  }),
});
export type StorefrontOrder = z.infer<typeof StorefrontOrderSchema>;

export const StorefrontCartSchema = z.object({
  cart: z.object({
    ref: requiredText('Enter the cart ref.', 40),
    email: EmailSchema,
    billing_address: StorefrontAddressSchema,
    items: z.array(z.object({ type: z.string().max(100), net_value: PenceSchema })).max(100),
    total_in_pence: PenceSchema,
  }),
});
export type StorefrontCart = z.infer<typeof StorefrontCartSchema>;

export const StorefrontMessageSchema = z.object({
  message: z.object({
    email: EmailSchema,
    name: optionalText(300),
    subject: optionalText(500),
    content: requiredText('Enter the message.', TEXT_LIMITS.long),
    /** An order or order-item ref; a waiting item takes it as the customer's reply. */
    order_ref: optionalText(40),
    /** The shop's own id of the message: a repeat with the same id is stored once. Without it, the same
     * sender, subject, content and order ref on the same London day count as one message (a retry). */
    message_id: optionalText(200),
  }),
});
export type StorefrontMessage = z.infer<typeof StorefrontMessageSchema>;

/**
 * An order item as the storefront sees it (the answer of update_confirmed): the staff record without what
 * only staff see (assignee, panels, flag, FCO batch, reorder mark, lock version, internal id). Strict, down to
 * the nested order, orderable and addresses: a column added to the staff record fails the storefront tests
 * instead of reaching the shops unnoticed.
 */
export const StorefrontItemViewSchema = z.strictObject({
  ...OrderItemSchema.omit({
    id: true,
    user: true,
    panels: true,
    flagged: true,
    fco_batch_id: true,
    is_reorder: true,
    lock_version: true,
  }).shape,
  // Overriding the spread keys keeps their place, so the answer's fields come in the staff record's order.
  pending_update: z.strictObject(PendingUpdateSchema.shape).nullable(),
  orderable: z.strictObject(OrderableSchema.shape),
  order: z.strictObject({
    ...OrderSchema.shape,
    billing_address: z.strictObject(AddressSchema.shape),
    shipping_address: z.strictObject(AddressSchema.shape).nullable(),
  }),
});
export type StorefrontItemView = z.infer<typeof StorefrontItemViewSchema>;

export const StorefrontItemResponseSchema = z.strictObject({ order_item: StorefrontItemViewSchema });
export type StorefrontItemResponse = z.infer<typeof StorefrontItemResponseSchema>;

/** The answer to an order: the stored order's id and ref (201 stored now, 200 stored before). */
export const StorefrontOrderResponseSchema = z.strictObject({
  order: z.strictObject({ id: IdSchema, ref: z.string() }),
});
export type StorefrontOrderResponse = z.infer<typeof StorefrontOrderResponseSchema>;

/**
 * An unpaid cart as the shop sees it: what it sent, as stored, and where the cart stands. Without what only
 * staff see (the apology e-mail they may send, whether they sent it, internal ids).
 */
export const StorefrontCartViewSchema = z.strictObject({
  ref: z.string(),
  email: z.string(),
  billing_address: z.strictObject(AddressSchema.omit({ id: true }).shape),
  items: z.array(z.strictObject({ type: z.string(), net_value: z.number().int() })),
  total_in_pence: z.number().int(),
  /** unpaid until staff close it (closed) or the shop reports it paid (paid). */
  state: z.enum(CART_STATES),
  created_at: TimestampSchema,
  /** When it left the unpaid list (paid or closed); null while unpaid. */
  closed_at: TimestampSchema.nullable(),
});
export type StorefrontCartView = z.infer<typeof StorefrontCartViewSchema>;

export const StorefrontCartResponseSchema = z.strictObject({ cart: StorefrontCartViewSchema });
export type StorefrontCartResponse = z.infer<typeof StorefrontCartResponseSchema>;

/**
 * The answer to a message: the conversation it is in, and the order item it reached (null when it landed in
 * the inbox unlinked: no order_ref, an order with several items, an unknown ref, or an order of another
 * e-mail address than the sender's).
 */
export const StorefrontMessageResponseSchema = z.strictObject({
  conversation: z.strictObject({ id: IdSchema, order_item_ref: z.string().nullable() }),
});
export type StorefrontMessageResponse = z.infer<typeof StorefrontMessageResponseSchema>;

/**
 * The multipart form of a customer upload: one part named "file" of at most `maxBytes`. Its bytes decide
 * what it is: PDF, JPEG, PNG, TIFF, GIF, WebP, HEIC or Word, whatever its name or declared type.
 */
export function storefrontUploadSchema(maxBytes: number) {
  return z.object({
    file: z
      .string()
      .max(maxBytes)
      .meta({ format: 'binary', contentMediaType: 'application/octet-stream', description: 'The document.' }),
  });
}

export const StorefrontAttachmentResponseSchema = z.strictObject({
  attachment: z.strictObject({ id: IdSchema, filename: z.string() }),
});
export type StorefrontAttachmentResponse = z.infer<typeof StorefrontAttachmentResponseSchema>;
