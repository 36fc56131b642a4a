/** fast-check arbitraries of items, actions and actors for the domain's property tests. */
import fc from 'fast-check';
import { CANCEL_REASONS, GRO_DESTINATIONS } from '../options';
import { DELIVERY_REGIONS, DESPATCH_BY, DESPATCH_SERVICES } from '../pricing';
import { ALL_STATES, ORDERABLE_TYPES, TRANSLATION_TYPES } from '../states';
import type { Actor, WorkflowAction, WorkItem } from '../workflow/types';
import { workItem } from './work-item';

const levels = ['standard', 'rapid', 'priority'] as const;
const someText = fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 12 }));
const pence = fc.oneof(fc.integer({ min: -100, max: 20_000 }), fc.constant(0));
const state = fc.constantFrom(...ALL_STATES);

/** Any item in any state with any flags; its service level always fits its product line. */
export const anyItem: fc.Arbitrary<WorkItem> = fc
  .record({
    currentState: state,
    orderableType: fc.constantFrom(...ORDERABLE_TYPES),
    userId: fc.constantFrom(null, 2, 3),
    isEscalated: fc.boolean(),
    isOnHold: fc.boolean(),
    waitingCustomerResponse: fc.boolean(),
    flagged: fc.boolean(),
    netValue: fc.integer({ min: 0, max: 50_000 }),
    position: fc.integer({ min: 1, max: 4 }),
    isReorder: fc.boolean(),
    stateBeforeEscalation: fc.option(state),
    stateBeforeUpdate: fc.option(state),
    withPending: fc.boolean(),
    difference: fc.integer({ min: -9000, max: 9000 }),
    deliveryRegion: fc.constantFrom(...DELIVERY_REGIONS),
    groDestination: fc.option(fc.constantFrom(...GRO_DESTINATIONS.map((d) => d.value))),
    copies: fc.integer({ min: 1, max: 4 }),
    pages: fc.integer({ min: 1, max: 12 }),
    apostilleCopies: fc.integer({ min: 0, max: 2 }),
    scanSend: fc.boolean(),
    despatchBy: fc.constantFrom(...DESPATCH_BY),
    level: fc.integer({ min: 0, max: 2 }),
    translationType: fc.constantFrom(...TRANSLATION_TYPES),
    subtotal: fc.integer({ min: 0, max: 50_000 }),
    selected: fc.array(fc.boolean(), { maxLength: 3 }),
  })
  .map((r) => {
    const serviceLevel =
      r.orderableType === 'Translation'
        ? String(r.level)
        : r.orderableType.endsWith('DeedPoll')
          ? levels[r.level === 1 ? 2 : 0]
          : levels[r.level];
    return workItem({
      ...r,
      pendingUpdate: r.withPending
        ? {
            attributes: { copies: r.copies },
            newTotalInPence: r.subtotal + r.difference,
            differenceInPence: r.difference,
            requestedAt: '2026-01-01T00:00:00.000Z',
          }
        : null,
      attachments: r.selected.map((selected, i) => ({ id: i + 1, selected, approved: null })),
      orderable: {
        type: r.orderableType === 'Translation' ? r.translationType : null,
        serviceLevel,
        pages: r.pages,
        copies: r.copies,
        apostilleCopies: r.apostilleCopies,
        scanSend: r.scanSend,
        despatchBy: r.despatchBy,
        subtotalInPence: r.subtotal,
      },
    });
  });

const service = fc.constantFrom(...DESPATCH_SERVICES);

/** Any action with any input, valid or not. */
export const anyAction: fc.Arbitrary<WorkflowAction> = fc.oneof(
  fc.record({ type: fc.constant('assign' as const), ordererId: fc.constantFrom(2, 3) }),
  fc.record({
    type: fc.constant('gro_order_placed' as const),
    reference: someText,
    data: fc.option(someText),
    destination: fc.constantFrom('office_orders', 'customer', 'nowhere'),
    service: fc.constantFrom('standard' as const, 'priority' as const),
    cost: fc.option(pence),
  }),
  fc.constantFrom<WorkflowAction>(
    { type: 'received_from_gro' },
    { type: 'ips_confirmed' },
    { type: 'fco_batch_despatched' },
    { type: 'fco_batch_received' },
    { type: 'approve_scan_send' },
    { type: 'received_from_customer' },
    { type: 'approve_documents' },
    { type: 'customer_upload' },
    { type: 'translation_received' },
    { type: 'translation_complete' },
    { type: 'customer_reply' },
    { type: 'postpone_notification' },
    { type: 'postponement_ended' },
    { type: 'reminder_due' },
    { type: 'confirm_update' },
    { type: 'withdraw_update' },
    { type: 'toggle_flag' },
  ),
  fc.record({ type: fc.constant('gro_communication' as const), message: someText, refundAmount: pence }),
  fc.record({
    type: fc.constantFrom('ips_submitted' as const, 'reorder_required' as const),
    notes: someText,
  }),
  fc.record({ type: fc.constant('add_to_fco_batch' as const), batchId: fc.nat() }),
  fc
    .record({
      type: fc.constant('despatch' as const),
      despatchedOn: fc.option(fc.constantFrom('2026-03-10', 'soon')),
      svc: service,
      cost: fc.option(pence),
      reference: fc.option(someText),
    })
    .map(({ svc, ...rest }) => ({ ...rest, carrier: svc.carrier, service: svc.value })),
  fc.record({ type: fc.constant('reject_documents' as const), notes: someText }),
  fc.record({
    type: fc.constant('send_for_translation' as const),
    notes: fc.option(someText),
    despatchTo: fc.constantFrom('customer', 'office_scanning', 'elsewhere'),
  }),
  fc.record({ type: fc.constantFrom('escalate' as const, 'return_to_orderer' as const), message: someText }),
  fc.record({
    type: fc.constant('contact_customer' as const),
    body: someText,
    responseRequired: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('cancel_refund' as const),
    action: fc.constantFrom('cancel' as const, 'partial' as const, 'full' as const, 'refund_only' as const),
    reason: fc.constantFrom(...CANCEL_REASONS.map((r) => r.value)),
    amount: fc.option(fc.integer({ min: -100, max: 60_000 })),
    notes: fc.option(someText),
  }),
  fc.record({
    type: fc.constant('request_update' as const),
    attributes: fc.record(
      {
        copies: fc.integer({ min: 0, max: 5 }),
        pages: fc.integer({ min: 1, max: 12 }),
        apostilleCopies: fc.integer({ min: 0, max: 2 }),
        scanSend: fc.boolean(),
        despatchBy: fc.constantFrom(...DESPATCH_BY),
        serviceLevel: fc.constantFrom('standard', 'rapid', 'priority', '0', '1', '2'),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ type: fc.constant('add_note' as const), body: someText }),
  fc.record({
    type: fc.constant('original_received' as const),
    receivedOn: fc.option(fc.constantFrom('2026-03-01', 'x')),
  }),
);

/** Any actor: an admin, either orderer, or the system. */
export const anyActor: fc.Arbitrary<Actor> = fc.constantFrom<Actor>(
  { kind: 'user', id: 1, role: 'admin' },
  { kind: 'user', id: 2, role: 'orderer' },
  { kind: 'user', id: 3, role: 'orderer' },
  { kind: 'system' },
);
