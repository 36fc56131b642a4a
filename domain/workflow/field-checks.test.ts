/**
 * Each field check of the actions that take a form, one row per way to get a field wrong (and the way to get
 * it right beside it): the GRO order, the despatch, the originals' arrival and a Modify Order request. A
 * refused action names the field (its wire name) and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, translationItem, workItem } from '../testing/work-item';
import { decide } from './decide';
import type { WorkflowAction as Action, ActionOf, OrderableUpdate, WorkItem } from './types';

const NOW = new Date('2026-03-10T10:00:00Z'); // Tuesday 10 March 2026 in London

/** The field a refusal names, or 'accepted'. */
function outcome(item: WorkItem, action: Action): string {
  const result = decide(item, action, ALICE, NOW);
  if (result.ok) return 'accepted';
  expect(result.code).toBe('invalid_input');
  return Object.keys(result.details ?? {}).join(',');
}

describe('gro_order_placed', () => {
  const placed = (over: Partial<ActionOf<'gro_order_placed'>>): Action => ({
    type: 'gro_order_placed',
    reference: 'GRO-1',
    data: null,
    destination: 'office_orders',
    service: 'standard',
    cost: null,
    ...over,
  });
  it.each<[string, Action, string]>([
    ['every field given', placed({}), 'accepted'],
    ['a cost of nothing', placed({ cost: 0 }), 'accepted'],
    ['no reference', placed({ reference: '  ' }), 'reference'],
    ['a destination the office does not use', placed({ destination: 'the moon' }), 'destination'],
    [
      'a service the GRO does not offer',
      placed({ service: 'overnight' as ActionOf<'gro_order_placed'>['service'] }),
      'service',
    ],
    ['a negative cost', placed({ cost: -1 }), 'cost'],
    ['a cost in fractions of a penny', placed({ cost: 12.5 }), 'cost'],
  ])('%s', (_name, action, expected) => {
    expect(outcome(workItem(), action)).toBe(expected);
  });
});

describe('despatch', () => {
  const ready = workItem({ currentState: 'despatch_required' });
  const despatch = (over: Partial<ActionOf<'despatch'>>): Action => ({
    type: 'despatch',
    despatchedOn: null,
    carrier: 'royal_mail',
    service: 'first_class',
    cost: null,
    reference: null,
    ...over,
  });
  it.each<[string, WorkItem, Action, string]>([
    ['the defaults: today, the service’s price', ready, despatch({}), 'accepted'],
    ['an earlier day', ready, despatch({ despatchedOn: '2026-03-09' }), 'accepted'],
    ['not a date', ready, despatch({ despatchedOn: '10/03/2026' }), 'despatched_on'],
    ['tomorrow', ready, despatch({ despatchedOn: '2026-03-11' }), 'despatched_on'],
    ['a service of another carrier', ready, despatch({ carrier: 'ups', service: 'first_class' }), 'service'],
    [
      'a service with no price for the region, and no cost given',
      ready,
      despatch({ service: 'signed_for' }),
      'accepted',
    ],
    [
      'a service that does not go to the region, and no cost given',
      workItem({ currentState: 'despatch_required', deliveryRegion: 'EC' }),
      despatch({ service: 'signed_for' }),
      'cost',
    ],
    [
      'the same, with the cost given',
      workItem({ currentState: 'despatch_required', deliveryRegion: 'EC' }),
      despatch({ service: 'signed_for', cost: 500 }),
      'accepted',
    ],
    ['a negative cost', ready, despatch({ cost: -65 }), 'cost'],
  ])('%s', (_name, item, action, expected) => {
    expect(outcome(item, action)).toBe(expected);
  });

  it('says the tracking reference in the e-mail only when there is one', () => {
    const text = (reference: string | null) => {
      const result = decide(ready, despatch({ reference }), ALICE, NOW);
      return result.ok ? (result.emails[0]?.text ?? '') : '';
    };
    expect(text('RM123GB')).toContain('Your tracking reference is RM123GB.');
    expect(text(null)).not.toContain('tracking reference');
    expect(text('   ')).not.toContain('tracking reference');
  });
});

describe('original_received', () => {
  it.each<[string, string | null, string]>([
    ['today by default', null, 'accepted'],
    ['an earlier day', '2026-03-01', 'accepted'],
    ['today given', '2026-03-10', 'accepted'],
    ['not a date', 'last week', 'received_on'],
    ['tomorrow', '2026-03-11', 'received_on'],
  ])('%s', (_name, receivedOn, expected) => {
    expect(outcome(workItem(), { type: 'original_received', receivedOn })).toBe(expected);
  });

  it('records the London day, today unless given', () => {
    const result = decide(workItem(), { type: 'original_received', receivedOn: null }, ALICE, NOW);
    expect(result.ok && result.patch).toEqual({ originalReceivedOn: '2026-03-10' });
  });
});

describe('request_update: each field of a Modify Order request', () => {
  const request = (attributes: OrderableUpdate): Action => ({ type: 'request_update', attributes });
  it.each<[string, WorkItem, OrderableUpdate, string]>([
    ['a despatch option that exists', workItem(), { despatchBy: 'courier' }, 'accepted'],
    [
      'a despatch option that does not',
      workItem(),
      { despatchBy: 'pigeon' as OrderableUpdate['despatchBy'] },
      'despatch_by',
    ],
    ['a delivery region that exists', workItem(), { deliveryRegion: 'EC' }, 'accepted'],
    [
      'a delivery region that does not',
      workItem(),
      { deliveryRegion: 'MARS' as OrderableUpdate['deliveryRegion'] },
      'delivery_region',
    ],
    ['a translation changing kind', translationItem(), { type: 'SwornTranslation' }, 'accepted'],
    [
      'a translation changing to a kind that does not exist',
      translationItem(),
      { type: 'PoeticTranslation' as OrderableUpdate['type'] },
      'type',
    ],
    ['a certificate changing kind', workItem(), { type: 'SwornTranslation' }, 'type'],
    [
      'several fields wrong at once',
      workItem(),
      { copies: 0, despatchBy: 'pigeon' as OrderableUpdate['despatchBy'] },
      'copies,despatch_by',
    ],
  ])('%s', (_name, item, attributes, expected) => {
    expect(outcome(item, request(attributes))).toBe(expected);
  });
});
