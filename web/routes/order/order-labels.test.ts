import { describe, expect, it } from 'vitest';
import { bareStateLabel, eventLabel, nameRoles } from './order-labels';

describe('eventLabel', () => {
  it('reads each known action in the past tense, and makes words of an unknown one', () => {
    expect(eventLabel('gro_order_placed')).toBe('GRO order placed');
    expect(eventLabel('toggle_flag')).toBe('Flag changed');
    expect(eventLabel('something_new_happened')).toBe('Something new happened');
  });
});

describe('bareStateLabel', () => {
  it('labels a known state, passes an unknown one through, and has nothing for none', () => {
    expect(bareStateLabel('waiting_gro')).toMatch(/GRO/);
    expect(bareStateLabel('legacy_state')).toBe('legacy_state');
    expect(bareStateLabel(null)).toBeNull();
  });
});

describe('nameRoles', () => {
  it('names persons A, B and C as each product line means them', () => {
    expect(nameRoles('Translation', 'Certified Translation')).toEqual({ a: 'Document holder' });
    expect(nameRoles('AdultDeedPoll', 'Adult Deed Poll')).toEqual({ a: 'Current name', b: 'New name' });
    expect(nameRoles('Certificate', 'Birth Certificate')).toEqual({
      a: 'Registered person',
      b: 'Father',
      c: 'Mother',
    });
    expect(nameRoles('Certificate', 'Death Certificate')).toEqual({ a: 'Deceased' });
    expect(nameRoles('DivorceCertificate', 'Divorce Certificate')).toEqual({
      a: 'First party',
      b: 'Second party',
    });
  });
});
