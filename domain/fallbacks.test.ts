/**
 * What the shared helpers answer for input outside their tables: an unknown code shows as itself, a type
 * that is not a translation has no translation kind, an amount too large to count in pence is no amount,
 * and a price with no service level to read refuses to guess.
 */
import { describe, expect, it } from 'vitest';
import { parsePounds } from './format';
import { countryName, languageName } from './options';
import { type GroService, groServiceCost, type PricedOrderable, priceOf } from './pricing';
import { type OrderItemType, translationTypeOf } from './states';

describe('names of codes', () => {
  it.each<[string, (code: string) => string, string, string]>([
    ['a known country', countryName, 'FR', 'France'],
    ['an unknown country', countryName, 'XQ', 'XQ'],
    ['a known language', languageName, 'cy', 'Welsh'],
    ['an unknown language', languageName, 'qq', 'qq'],
  ])('%s', (_name, nameOf, code, expected) => {
    expect(nameOf(code)).toBe(expected);
  });
});

describe('translationTypeOf', () => {
  it.each<[OrderItemType, string | null]>([
    ['Certified Translation', 'CertifiedTranslation'],
    ['Sworn Translation', 'SwornTranslation'],
    ['Notarised Translation', 'NotarisedTranslation'],
    ['Birth Certificate', null],
    ['Adult Deed Poll', null],
  ])('%s → %s', (type, kind) => {
    expect(translationTypeOf(type)).toBe(kind);
  });
});

describe('parsePounds at the edges of a number', () => {
  it.each<[string, number | null]>([
    ['90071992547409.91', 9007199254740991], // the largest whole number of pence
    ['90071992547409.92', null],
    ['99999999999999999999', null],
    ['-', null],
    ['£', null],
  ])('parsePounds(%j) → %j', (text, pence) => {
    expect(parsePounds(text)).toBe(pence);
  });
});

describe('prices outside the tables', () => {
  it('a GRO service the office does not know costs nothing by default', () => {
    expect(groServiceCost('standard')).toBeGreaterThan(0);
    expect(groServiceCost('overnight' as GroService)).toBe(0);
  });

  it('a translation without a service level has no price', () => {
    const translation: PricedOrderable = {
      type: 'CertifiedTranslation',
      serviceLevel: null,
      pages: 1,
      copies: 1,
      apostilleCopies: 0,
      scanSend: false,
      despatchBy: 'standard',
    };
    const ctx = { orderableType: 'Translation', deliveryRegion: 'UK', position: 1 } as const;
    expect(() => priceOf(translation, ctx)).toThrow(RangeError);
    expect(priceOf({ ...translation, serviceLevel: '0' }, ctx)).toBeGreaterThan(0);
  });
});
