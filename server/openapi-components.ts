/**
 * The records the OpenAPI document describes once, under `components.schemas`, and refers to wherever an
 * answer holds them: an order item is in some forty answers, and written out in each the document would be
 * mostly copies. Named here, not in domain/contract, so the contract's definitions stay plain schemas.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CartSchema, ConversationSchema } from '../domain/contract/conversations';
import {
  AddressSchema,
  AttachmentSchema,
  CommentSchema,
  OrderableSchema,
  OrderItemDetailSchema,
  OrderItemEventSchema,
  OrderItemListRowSchema,
  OrderItemSchema,
  OrderSchema,
  PendingUpdateSchema,
} from '../domain/contract/order-item';
import { OutboxMessageSchema } from '../domain/contract/outbox';
import { FcoBatchSchema, OrdererSchema, OrdererStatsSchema } from '../domain/contract/queues';
import {
  ArticleSchema,
  FaqCategorySchema,
  FaqSchema,
  ReferenceItemSchema,
} from '../domain/contract/reference';
import { ErrorSchema, NotificationSchema, UserSchema } from '../domain/contract/session';
import { AdminUserSchema } from '../domain/contract/users';

const COMPONENTS: [z.core.$ZodType, string][] = [
  [ErrorSchema, 'ApiError'],
  [AddressSchema, 'Address'],
  [OrderSchema, 'Order'],
  [OrderableSchema, 'Orderable'],
  [PendingUpdateSchema, 'PendingUpdate'],
  [OrderItemSchema, 'OrderItem'],
  [OrderItemListRowSchema, 'OrderItemListRow'],
  [OrderItemDetailSchema, 'OrderItemDetail'],
  [AttachmentSchema, 'Attachment'],
  [CommentSchema, 'Comment'],
  [OrderItemEventSchema, 'OrderItemEvent'],
  [FcoBatchSchema, 'FcoBatch'],
  [OrdererSchema, 'Orderer'],
  [OrdererStatsSchema, 'OrdererStats'],
  [ConversationSchema, 'Conversation'],
  [CartSchema, 'Cart'],
  [NotificationSchema, 'Notification'],
  [OutboxMessageSchema, 'OutboxMessage'],
  [ReferenceItemSchema, 'ReferenceItem'],
  [ArticleSchema, 'Article'],
  [FaqSchema, 'Faq'],
  [FaqCategorySchema, 'FaqCategory'],
  [UserSchema, 'User'],
  [AdminUserSchema, 'AdminUser'],
];

/**
 * Names the records in zod's global registry, where fastify-type-provider-zod looks for component ids (and
 * where `.describe()` keeps descriptions, which a registry of our own would lose). Safe to call again.
 */
export function registerOpenApiComponents(): void {
  for (const [schema, id] of COMPONENTS)
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

/**
 * @fastify/swagger's `transformObject`: the document with the named records as components, keeping only
 * those it refers to (the provider adds an input and an output copy of each; answers use the output ones).
 */
export const withOpenApiComponents: SwaggerTransformObject = (document) => {
  const full = jsonSchemaTransformObject(document);
  if (!('openapi' in full)) return full;
  const schemas: Record<string, unknown> = full.components?.schemas ?? {};
  const referenced = (value: unknown) =>
    new Set([...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
  // Components refer to components: follow the references until no new one turns up.
  const kept = referenced({ ...full, components: { ...full.components, schemas: {} } });
  for (let added = kept; added.size > 0; ) {
    const next = new Set<string>();
    for (const name of added) for (const ref of referenced(schemas[name])) if (!kept.has(ref)) next.add(ref);
    for (const name of next) kept.add(name);
    added = next;
  }
  return {
    ...full,
    paths: commaSeparatedInBodies(withCommaSeparatedLists(full.paths)),
    components: {
      ...full.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name))),
    },
  } as typeof full;
};

/**
 * @fastify/swagger's `transform`: the provider's, with the body a route documents in `config.documentedBody`
 * (read by its service or the multipart parser, not by `schema.body`) in place of the one it validates.
 */
export const withDocumentedBodies: SwaggerTransform = (input) => {
  const documented = input.route.config?.documentedBody;
  return jsonSchemaTransform(
    documented ? { ...input, schema: { ...input.schema, body: documented } } : input,
  );
};

interface Parameter {
  in: string;
  schema?: { 'x-comma-separated'?: { values: string[]; maxItems: number }; description?: string };
}
type Paths = Record<string, Record<string, { parameters?: Parameter[] } | unknown>>;

/**
 * A query parameter that takes several of a fixed list of values as one comma-separated string (lists.ts
 * `csvOf`, marked `x-comma-separated`) shown as an array of those values, sent unexploded
 * (`group=waiting,on_hold`): a client generator then types it as the union of the values.
 */
function withCommaSeparatedLists<P>(paths: P): P {
  const rewritten: Paths = {};
  for (const [path, methods] of Object.entries((paths ?? {}) as Paths)) {
    rewritten[path] = Object.fromEntries(
      Object.entries(methods).map(([method, operation]) => {
        const parameters = (operation as { parameters?: Parameter[] }).parameters;
        if (!parameters) return [method, operation];
        return [
          method,
          {
            ...(operation as object),
            parameters: parameters.map((parameter) => {
              const list = parameter.schema?.['x-comma-separated'];
              if (!list) return parameter;
              const { 'x-comma-separated': _, ...rest } = parameter.schema ?? {};
              return {
                ...parameter,
                style: 'form',
                explode: false,
                schema: {
                  ...(rest.description ? { description: rest.description } : {}),
                  type: 'array',
                  items: { type: 'string', enum: list.values },
                  maxItems: list.maxItems,
                },
              };
            }),
          },
        ];
      }),
    );
  }
  return rewritten as P;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The same lists inside a JSON body (a search's filter) travel as the comma-separated string itself: shown as a
 * string whose pattern allows exactly the values.
 */
function commaSeparatedInBodies<T>(value: T): T {
  if (Array.isArray(value)) return value.map(commaSeparatedInBodies) as T;
  if (value === null || typeof value !== 'object') return value;
  const { 'x-comma-separated': list, ...rest } = value as Record<string, unknown>;
  const mapped = Object.fromEntries(
    Object.entries(rest).map(([key, child]) => [key, commaSeparatedInBodies(child)]),
  );
  if (!list) return mapped as T;
  const { values } = list as { values: string[] };
  const one = `(?:${values.map(escapeRegExp).join('|')})`;
  return {
    ...mapped,
    pattern: `^\\s*${one}\\s*(?:,\\s*${one}\\s*)*$`,
    description: `Comma-separated, each one of: ${values.join(', ')}.`,
  } as T;
}
