import { describe, expect, it } from 'vitest';
import {
  defaultDespatchCost,
  despatchServicesFor,
  groServiceCost,
  type PriceContext,
  type PricedOrderable,
  priceEstimate,
  priceOf,
} from './pricing';

const o = (over: Partial<PricedOrderable>): PricedOrderable => ({
  type: null,
  serviceLevel: 'standard',
  pages: null,
  copies: 1,
  apostilleCopies: 0,
  scanSend: false,
  despatchBy: 'standard',
  ...over,
});
const ctx = (over: Partial<PriceContext> = {}): PriceContext => ({
  orderableType: 'Certificate',
  deliveryRegion: 'UK',
  position: 1,
  ...over,
});
const certified = 'CertifiedTranslation';
const sworn = 'SwornTranslation';
const notarised = 'NotarisedTranslation';
const tr = (over: Partial<PricedOrderable>) => o({ type: certified, serviceLevel: '0', pages: 1, ...over });
const T = ctx({ orderableType: 'Translation' });
const D = (over: Partial<PriceContext> = {}) => ctx({ orderableType: 'AdultDeedPoll', ...over });

describe('the four worked examples of PRODUCT.md section 7', () => {
  it.each<[string, PricedOrderable, PriceContext, number]>([
    // 2 × 4500 + 1 × 8000 + 700 + tracked not charged with an apostille = 17700
    [
      'certificate rapid',
      o({ serviceLevel: 'rapid', copies: 2, apostilleCopies: 1, scanSend: true, despatchBy: 'tracked' }),
      ctx(),
      17700,
    ],
    // 4995 + 18000 + 2 × 3500 + 1500 + 400 = 31895
    ['certified translation', tr({ pages: 7, copies: 2, despatchBy: 'signed_for' }), T, 31895],
    // 5795 + 0 + 4999 + 3 × 1000 + 1500 + 1000 × 3 × 1 = 18294
    ['sworn translation', tr({ type: sworn, serviceLevel: '1', pages: 3, copies: 2 }), T, 18294],
    // 2500 + 2 × 200 + despatch not charged at position 2 = 2900
    [
      'adult deed poll',
      o({ serviceLevel: 'priority', copies: 3, despatchBy: 'courier' }),
      D({ deliveryRegion: 'EC', position: 2 }),
      2900,
    ],
  ])('%s', (_name, orderable, context, total) => {
    expect(priceOf(orderable, context)).toBe(total);
  });
});

describe('certificates', () => {
  it.each<[string, PricedOrderable, PriceContext, number]>([
    ['standard, 1 copy', o({}), ctx(), 2800], // 1 × 2800
    ['rapid, 1 copy', o({ serviceLevel: 'rapid' }), ctx(), 4500], // 1 × 4500
    ['priority, 1 copy', o({ serviceLevel: 'priority' }), ctx(), 6000], // 1 × 6000
    ['standard, 3 copies', o({ copies: 3 }), ctx(), 8400], // 3 × 2800
    // 2 × 6000 + signed_for 400 (no apostille)
    [
      'priority, 2 copies, signed for',
      o({ serviceLevel: 'priority', copies: 2, despatchBy: 'signed_for' }),
      ctx(),
      12400,
    ],
    ['tracked without apostille', o({ despatchBy: 'tracked' }), ctx(), 4295], // 2800 + 1495
    ['tracked with 2 apostilles', o({ apostilleCopies: 2, despatchBy: 'tracked' }), ctx(), 18800], // 2800 + 16000 + 0
    ['signed for with apostille', o({ apostilleCopies: 1, despatchBy: 'signed_for' }), ctx(), 10800], // 2800 + 8000 + 0
    ['courier UK', o({ despatchBy: 'courier' }), ctx(), 7795], // 2800 + 4995
    [
      'rapid courier EC',
      o({ serviceLevel: 'rapid', despatchBy: 'courier' }),
      ctx({ deliveryRegion: 'EC' }),
      10995,
    ], // 4500 + 6495
    // 6000 + 7495
    [
      'priority courier NA',
      o({ serviceLevel: 'priority', despatchBy: 'courier' }),
      ctx({ deliveryRegion: 'NA' }),
      13495,
    ],
    [
      'courier WW is 6495 for certificates',
      o({ despatchBy: 'courier' }),
      ctx({ deliveryRegion: 'WW' }),
      9295,
    ], // 2800 + 6495
    // 2800 + 8000 + 6495: courier is charged even with an apostille
    [
      'apostille and courier WW',
      o({ apostilleCopies: 1, despatchBy: 'courier' }),
      ctx({ deliveryRegion: 'WW' }),
      17295,
    ],
    ['scan-send', o({ scanSend: true }), ctx(), 3500], // 2800 + 700
    // 2 × 9000, the level does not matter for divorce
    [
      'divorce, priority, 2 copies',
      o({ serviceLevel: 'priority', copies: 2 }),
      ctx({ orderableType: 'DivorceCertificate' }),
      18000,
    ],
    // 9000 + 700 + 400
    [
      'divorce, scan-send, signed for',
      o({ scanSend: true, despatchBy: 'signed_for' }),
      ctx({ orderableType: 'DivorceCertificate' }),
      10100,
    ],
    // 9000 + 8000 + 7495
    [
      'divorce, apostille, courier NA',
      o({ apostilleCopies: 1, despatchBy: 'courier' }),
      ctx({ orderableType: 'DivorceCertificate', deliveryRegion: 'NA' }),
      24495,
    ],
  ])('%s', (_name, orderable, context, total) => {
    expect(priceOf(orderable, context)).toBe(total);
  });

  it('refuses a level certificates do not sell', () => {
    expect(() => priceOf(o({ serviceLevel: '1' }), ctx())).toThrow(RangeError);
  });
});

describe('deed polls', () => {
  it.each<[string, PricedOrderable, PriceContext, number]>([
    ['standard, 1 copy', o({}), D(), 2000], // 2000
    ['priority, 1 copy', o({ serviceLevel: 'priority' }), D(), 2500], // 2500
    ['standard, 4 copies', o({ copies: 4 }), D(), 2600], // 2000 + 3 × 200
    ['signed for, first position', o({ despatchBy: 'signed_for' }), D(), 2400], // 2000 + 400
    ['tracked, first position', o({ despatchBy: 'tracked' }), D(), 3495], // 2000 + 1495
    // 2500 + 200 + 7495 (WW is 7495 for deed polls)
    [
      'priority, 2 copies, courier WW',
      o({ serviceLevel: 'priority', copies: 2, despatchBy: 'courier' }),
      D({ deliveryRegion: 'WW' }),
      10195,
    ],
    // 2000, courier not charged at position 3
    [
      'child, courier, third position',
      o({ despatchBy: 'courier' }),
      D({ orderableType: 'ChildDeedPoll', position: 3 }),
      2000,
    ],
    // 2000 + 8000 + 700, tracked not charged at position 2
    [
      'apostille, scan-send, second position',
      o({ apostilleCopies: 1, scanSend: true, despatchBy: 'tracked' }),
      D({ position: 2 }),
      10700,
    ],
  ])('%s', (_name, orderable, context, total) => {
    expect(priceOf(orderable, context)).toBe(total);
  });
});

describe('translations', () => {
  it.each<[string, PricedOrderable, PriceContext, number]>([
    ['certified, level 0, 1 page', tr({}), T, 4995], // 4995
    ['certified, level 1, 1 page', tr({ serviceLevel: '1' }), T, 5795], // 5795
    ['certified, level 2, 1 page', tr({ serviceLevel: '2' }), T, 6795], // 6795
    ['certified, level 0, 5 pages', tr({ pages: 5 }), T, 22995], // 4995 + 4 × 4500
    ['certified, level 2, 6 pages', tr({ serviceLevel: '2', pages: 6 }), T, 28295], // 6795 + 18000 + 1 × 3500
    ['certified, level 1, 10 pages', tr({ serviceLevel: '1', pages: 10 }), T, 5795], // 5795 + level 1 adds nothing
    // 4995 + 4500 + 2 × 1500 + 1495
    ['certified, 2 pages, 3 copies, tracked', tr({ pages: 2, copies: 3, despatchBy: 'tracked' }), T, 13990],
    // 4995 + 4999 + 1000 × 1, signed_for not charged for sworn
    ['sworn, 1 page, signed for', tr({ type: sworn, despatchBy: 'signed_for' }), T, 10994],
    // 6795 + 4500 + (4999 + 2 × 1000) + 2 × 1500 + 1000 × 2 × 2 = 25294
    [
      'sworn, level 2, 2 pages, 3 copies',
      tr({ type: sworn, serviceLevel: '2', pages: 2, copies: 3 }),
      T,
      25294,
    ],
    // 5795 + 14999 + 1500 + 1000 + 7495 = 30789
    [
      'notarised, level 1, 4 pages, 2 copies, courier NA',
      tr({ type: notarised, serviceLevel: '1', pages: 4, copies: 2, despatchBy: 'courier' }),
      ctx({ orderableType: 'Translation', deliveryRegion: 'NA' }),
      30789,
    ],
    ['notarised, tracked not charged', tr({ type: notarised, despatchBy: 'tracked' }), T, 19994], // 4995 + 14999
    ['certified, 2 apostilles, scan-send', tr({ apostilleCopies: 2, scanSend: true }), T, 21695], // 4995 + 16000 + 700
    // 6795 + 18000 + 3 × 3500 + 7495 = 42790
    [
      'certified, level 2, 8 pages, courier WW',
      tr({ serviceLevel: '2', pages: 8, despatchBy: 'courier' }),
      ctx({ orderableType: 'Translation', deliveryRegion: 'WW' }),
      42790,
    ],
    ['unknown kind priced as certified', tr({ type: null, despatchBy: 'signed_for' }), T, 5395], // 4995 + 400
    ['missing pages count as one page', tr({ pages: null }), T, 4995], // 4995
  ])('%s', (_name, orderable, context, total) => {
    expect(priceOf(orderable, context)).toBe(total);
  });
});

describe('priceEstimate', () => {
  it.each<[string, number, PricedOrderable, number]>([
    ['upgrade to 2 copies', 2800, o({ copies: 2 }), 2800], // 5600 − 2800
    ['downgrade priority to standard', 6000, o({}), -3200], // 2800 − 6000
    ['no change', 2800, o({}), 0], // 2800 − 2800
    ['adding an apostille', 2800, o({ apostilleCopies: 1 }), 8000], // 10800 − 2800
  ])('%s', (_name, subtotal, orderable, difference) => {
    const estimate = priceEstimate(subtotal, orderable, ctx());
    expect(estimate.differenceInPence).toBe(difference);
    expect(estimate.newInPence - estimate.currentInPence).toBe(difference);
  });
});

describe('office costs', () => {
  it('GRO services', () => {
    expect(groServiceCost('standard')).toBe(925);
    expect(groServiceCost('priority')).toBe(2340);
  });

  it.each([
    ['royal_mail', 'first_class', 'UK', 65],
    ['royal_mail', 'first_class', 'EC', 117],
    ['royal_mail', 'first_class', 'NA', 140],
    ['royal_mail', 'first_class', 'WW', 140],
    ['royal_mail', 'signed_for', 'UK', 400],
    ['royal_mail', 'signed_for', 'EC', null],
    ['royal_mail', 'international_tracked', 'EC', 970],
    ['royal_mail', 'international_tracked', 'WW', 970],
    ['royal_mail', 'international_tracked', 'UK', null],
    ['ups', 'ups_uk', 'UK', 650],
    ['ups', 'ups_europe', 'EC', 2665],
    ['ups', 'ups_worldwide', 'NA', 2500],
    ['ups', 'ups_worldwide', 'WW', 2500],
    ['ups', 'first_class', 'UK', null],
  ] as const)('%s %s to %s costs %s', (carrier, service, region, cost) => {
    expect(defaultDespatchCost(carrier, service, region)).toBe(cost);
  });

  it('lists the services that reach a region', () => {
    expect(despatchServicesFor('UK').map((s) => s.value)).toEqual(['first_class', 'signed_for', 'ups_uk']);
  });
});
