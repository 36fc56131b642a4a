import { describe, expect, it } from 'vitest';
import {
  CANCEL_REASONS,
  countryName,
  countryOptions,
  defaultGroDestination,
  GRO_DESTINATIONS,
  isCountryCode,
  isLanguageCode,
  isServiceLevelOf,
  languageName,
  languageOptions,
} from './options';

describe('option lists', () => {
  it('has 20 distinct cancel reasons, each labelled', () => {
    expect(new Set(CANCEL_REASONS.map((r) => r.value)).size).toBe(20);
    for (const r of CANCEL_REASONS) expect(r.label.length).toBeGreaterThan(0);
  });

  it('starts the GRO order on the desk that takes the next step, never direct to the customer', () => {
    expect(defaultGroDestination({ apostille_copies: 2, scan_send: true })).toBe('office_apostille');
    expect(defaultGroDestination({ apostille_copies: 0, scan_send: true })).toBe('office_scanning');
    expect(defaultGroDestination({ apostille_copies: 0, scan_send: false })).toBe('office_orders');
  });

  it('offers three office desks and the customer as GRO destinations', () => {
    expect(GRO_DESTINATIONS.map((d) => d.value)).toEqual([
      'office_orders',
      'office_apostille',
      'office_scanning',
      'customer',
    ]);
  });

  it('lists ISO countries with English names', () => {
    const list = countryOptions();
    expect(list.length).toBeGreaterThan(240);
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('FR')).toBe('France');
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
  });

  it('lists ISO 639-1 languages', () => {
    expect(languageOptions().length).toBeGreaterThan(180);
    expect(languageName('pl')).toBe('Polish');
    expect(isLanguageCode('fr')).toBe(true);
    expect(isLanguageCode('zz')).toBe(false);
  });

  it('knows which service levels each line sells', () => {
    expect(isServiceLevelOf('certificate', 'rapid')).toBe(true);
    expect(isServiceLevelOf('deed_poll', 'rapid')).toBe(false);
    expect(isServiceLevelOf('translation', '2')).toBe(true);
  });
});
