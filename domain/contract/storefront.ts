/** What the customer-facing shops push in through /api/v1/storefront (PRODUCT.md section 9). */
import { z } from 'zod';
import { CERTIFICATE_COUNTRIES } from '../options';
import { DELIVERY_REGIONS, DESPATCH_BY } from '../pricing';
import {
  ITEM_TYPES_OF,
  ORDER_ITEM_TYPES,
  ORDERABLE_TYPES,
  TRANSLATION_TYPES,
  translationTypeOf,
} from '../states';
import { CountryCodeSchema, LanguageCodeSchema } from './codes';
import {
  EmailSchema,
  enumOf,
  IsoDateSchema,
  IsoDateTimeSchema,
  PenceSchema,
  requiredText,
  TEXT_LIMITS,
} from './common';
import { OrderItemSchema } from './order-item';

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
  copies: z.number().int().min(1).max(1000).default(1),
  pages: z.number().int().min(1).max(10_000).nullish(),
  apostille_copies: z.number().int().min(0).max(1000).default(0),
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
  event_date: IsoDateSchema.nullish(),
  event_place: optionalText(300),
});
export type StorefrontOrderable = z.infer<typeof StorefrontOrderableSchema>;

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
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      message: `A ${item.orderable_type} item is a ${allowed.join(', a ')}.`,
    });
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
 * only staff see (assignee, panels, flag, FCO batch, reorder mark, lock version, internal id).
 */
export const StorefrontItemViewSchema = OrderItemSchema.omit({
  id: true,
  user: true,
  panels: true,
  flagged: true,
  fco_batch_id: true,
  is_reorder: true,
  lock_version: true,
});
export type StorefrontItemView = z.infer<typeof StorefrontItemViewSchema>;

export const StorefrontItemResponseSchema = z.object({ order_item: StorefrontItemViewSchema });
export type StorefrontItemResponse = z.infer<typeof StorefrontItemResponseSchema>;
