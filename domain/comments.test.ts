import { describe, expect, it } from 'vitest';
import { commentNeedsAction } from './comments';

describe('commentNeedsAction', () => {
  it.each([
    ['customer', true],
    ['note', true],
    ['escalation', true],
    ['return_to_orderer', true],
    ['gro_communication', true],
    ['customer_contact', false],
    ['review', false],
    ['translation', false],
    ['ips', false],
    ['reorder', false],
    ['something_new', false],
  ])('%s → %s', (kind, needs) => {
    expect(commentNeedsAction(kind)).toBe(needs);
  });
});
