import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { DECOY_HASH, hashPassword, needsRehash, verifyDecoy, verifyPassword } from './passwords';

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

  it('asks for a new hash only when a stored one was made with other settings', async () => {
    expect(needsRehash(await hashPassword('any-password'))).toBe(false);
    expect(needsRehash(DECOY_HASH)).toBe(false);
    // The settings used before (19 MiB, 2 passes): still verified, remade at the next sign-in.
    const older = await hash('any-password', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(older, 'any-password')).toBe(true);
    expect(needsRehash(older)).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=12288,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });
});
