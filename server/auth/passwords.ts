/** Password hashing with argon2id (the library's default algorithm). */
import { hash, verify } from '@node-rs/argon2';

const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id, OWASP's recommended minimum cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** True when the password matches the stored hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real argon2id hash with the same cost as `options`, verified when the e-mail is unknown so that the
 * answer takes as long as for a real account. Fixed rather than hashed at start, so the first unknown
 * e-mail does not pay for a hash as well; passwords.test.ts fails if `options` and this drift apart.
 */
export const DECOY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$fUKpJ7sUFlEwLDKkBpQv8Q$JAmiXgbiEX279iHd9N3O/MmOJ5Ubd4ic+aDNi93b2eM';

/** Spends the time of a real verification and never matches. */
export async function verifyDecoy(password: string): Promise<false> {
  await verifyPassword(DECOY_HASH, password);
  return false;
}
