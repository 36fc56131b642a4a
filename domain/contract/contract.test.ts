import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { orderableUpdateFromWire, orderableUpdateToWire, pendingUpdateToWire } from './order-item';
import {
  AddNoteSchema,
  AssignToOrdererSchema,
  CancelRefundSchema,
  ContactCustomerSchema,
  DespatchSchema,
  EscalateSchema,
  GroOrderPlacedSchema,
  IpsSubmittedSchema,
  LockOnlySchema,
  OrderItemUpdateSchema,
  RejectDocumentsSchema,
} from './order-item-actions';
import { isReportMonthAllowed, SalesReportParamsSchema } from './report';
import { AdvancedSearchSchema } from './search';
import { StorefrontOrderSchema } from './storefront';

/** The first issue of a failed parse as [path, message]. */
function firstIssue(schema: z.ZodType, body: unknown): [string, string] | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : null;
}

describe('request bodies keep SPEC.md wrapper keys and the alert texts', () => {
  it.each<[string, z.ZodType, unknown, [string, string]]>([
    [
      'escalation without a message',
      EscalateSchema,
      { escalation: { message: ' ' } },
      ['escalation.message', 'Check you provided a message.'],
    ],
    [
      'rejection without notes',
      RejectDocumentsSchema,
      { review: { notes: '' } },
      ['review.notes', 'Please provide some feedback to the customer!'],
    ],
    [
      'IPS without notes',
      IpsSubmittedSchema,
      { ips: {} },
      ['ips.notes', 'Please provide details of the IPS you have completed.'],
    ],
    [
      'assignment without an orderer',
      AssignToOrdererSchema,
      { order_assignment: { order_item_ids: [1] } },
      ['order_assignment.orderer_id', 'Choose an orderer.'],
    ],
    [
      'assignment without items',
      AssignToOrdererSchema,
      { order_assignment: { orderer_id: 2, order_item_ids: [] } },
      ['order_assignment.order_item_ids', 'Tick at least one order item.'],
    ],
    [
      'contact without response_required as a boolean',
      ContactCustomerSchema,
      { message: { body: 'Hi', response_required: 'yes' } },
      ['message.response_required', 'Say whether a response is required.'],
    ],
    [
      'GRO order to nowhere',
      GroOrderPlacedSchema,
      { gro: { reference: 'R', destination: 'moon', service: 'standard' } },
      ['gro.destination', 'Choose where the GRO should send the certificate.'],
    ],
    [
      'money in pounds',
      GroOrderPlacedSchema,
      { gro: { reference: 'R', destination: 'customer', service: 'standard', cost: 9.25 } },
      ['gro.cost', 'Enter whole pence.'],
    ],
    [
      'an unknown cancel reason',
      CancelRefundSchema,
      { cancel_refund: { action: 'full', reason: 'whim' } },
      ['cancel_refund.reason', 'Choose a reason.'],
    ],
    ['a note without body', AddNoteSchema, { note: { body: '' } }, ['note.body', 'Enter a note.']],
    [
      'no copies',
      OrderItemUpdateSchema,
      { order_item_update: { copies: 0 } },
      ['order_item_update.copies', 'Enter at least 1 copy.'],
    ],
    [
      'a stale-looking lock version',
      EscalateSchema,
      { escalation: { message: 'x' }, lock_version: -1 },
      ['lock_version', 'Too small: expected number to be >=0'],
    ],
  ])('refuses %s', (_name, schema, body, issue) => {
    expect(firstIssue(schema, body)).toEqual(issue);
  });

  it.each<[string, z.ZodType, unknown]>([
    [
      'an escalation with a lock version',
      EscalateSchema,
      { escalation: { message: 'Wrong date' }, lock_version: 7 },
    ],
    ['no body for a plain action', LockOnlySchema, undefined],
    ['a lock version alone', LockOnlySchema, { lock_version: 3 }],
    [
      'a despatch with defaults left out',
      DespatchSchema,
      { despatch: { carrier: 'royal_mail', service: 'first_class' } },
    ],
    [
      'a partial refund',
      CancelRefundSchema,
      { cancel_refund: { action: 'partial', reason: 'duplicate', amount: 1200, notes: 'Agreed' } },
    ],
    ['a partial Modify Order', OrderItemUpdateSchema, { order_item_update: { copies: 2, scan_send: true } }],
  ])('accepts %s', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(true);
  });

  it('trims required text', () => {
    expect(EscalateSchema.parse({ escalation: { message: '  Late  ' } }).escalation.message).toBe('Late');
  });
});

describe('wire mapping of Modify Order attributes', () => {
  it('round-trips and drops absent fields', () => {
    const wire = { copies: 2, despatch_by: 'courier' as const, apostille_country: null };
    const update = orderableUpdateFromWire(wire);
    expect(update).toEqual({ copies: 2, despatchBy: 'courier', apostilleCountry: null });
    expect(orderableUpdateToWire(update)).toEqual(wire);
  });

  it('shows a pending update in snake_case', () => {
    expect(
      pendingUpdateToWire({
        attributes: { serviceLevel: 'priority' },
        newTotalInPence: 6000,
        differenceInPence: 3200,
        requestedAt: '2026-03-10T10:00:00.000Z',
      }),
    ).toEqual({
      attributes: { service_level: 'priority' },
      new_total_in_pence: 6000,
      difference_in_pence: 3200,
      requested_at: '2026-03-10T10:00:00.000Z',
      other_items: [],
    });
  });

  it('maps the region, the translation kind and the repriced items both ways', () => {
    expect(orderableUpdateFromWire({ delivery_region: 'EC', type: 'SwornTranslation' })).toEqual({
      deliveryRegion: 'EC',
      type: 'SwornTranslation',
    });
    expect(
      pendingUpdateToWire({
        attributes: { deliveryRegion: 'EC' },
        newTotalInPence: 9295,
        differenceInPence: 3000,
        requestedAt: '2026-03-10T10:00:00.000Z',
        repriced: [{ id: 7, ref: '100-2', currentInPence: 7795, newTotalInPence: 9295 }],
      }).other_items,
    ).toEqual([{ ref: '100-2', current_in_pence: 7795, new_in_pence: 9295 }]);
  });
});

describe('other bodies', () => {
  it('advanced search needs one field', () => {
    expect(AdvancedSearchSchema.safeParse({ search: { query: {} } }).success).toBe(false);
    expect(AdvancedSearchSchema.safeParse({ search: { query: { surname_a: 'Smith' } } }).success).toBe(true);
  });

  it('the sales report stops at last month and starts in 2012', () => {
    const last = { year: 2026, month: 2 };
    expect(isReportMonthAllowed(2026, 2, last)).toBe(true);
    expect(isReportMonthAllowed(2026, 3, last)).toBe(false);
    expect(isReportMonthAllowed(2011, 12, last)).toBe(false);
    expect(SalesReportParamsSchema.safeParse({ year: '2020', month: '13' }).success).toBe(false);
  });

  it('a storefront order fills defaults', () => {
    const parsed = StorefrontOrderSchema.parse({
      order: {
        ref: '100234',
        email: 'jo@example.com',
        delivery_region: 'UK',
        placed_at: '2026-03-10T10:00:00Z',
        billing_address: { name: 'Jo Bloggs' },
        items: [{ orderable_type: 'Certificate', type: 'Birth Certificate', net_value: 2800, orderable: {} }],
      },
    });
    expect(parsed.order.items[0]?.orderable).toMatchObject({
      copies: 1,
      apostille_copies: 0,
      despatch_by: 'standard',
    });
  });
});
