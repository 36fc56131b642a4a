import { describe, expect, it } from 'vitest';
import { DECOY_HASH, hashPassword, verifyDecoy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('keeps the decoy hash at the cost of real hashes, so an unknown e-mail takes as long as a real one', async () => {
    const real = await hashPassword('any-password');
    const parameters = (h: string) => h.split('$').slice(1, 4).join('$');
    expect(parameters(DECOY_HASH)).toBe(parameters(real));
    expect(await verifyPassword(real, 'any-password')).toBe(true);
  });

  it('never lets the decoy match, even with the password it was made from', async () => {
    expect(await verifyDecoy('decoy-password-never-valid')).toBe(false);
  });
});
