/** Password hashing with argon2id (the library's default algorithm). */
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at 12 MiB and 3 passes: one of the settings OWASP's Password Storage Cheat Sheet lists as equally
 * strong (46 MiB × 1, 19 MiB × 2, 12 MiB × 3, 9 MiB × 4, 7 MiB × 5, one lane each; "an equal level of
 * defense, the only difference is a trade off between CPU and RAM usage"). Not 19 MiB × 2, which this used
 * before: @node-rs/argon2 allocates with mimalloc, which gives a block over 16 MiB its own memory from the OS
 * and returns it when freed, so every verification after an idle moment faulted 19 MiB of fresh pages in: it
 * took several times as long as one at 12 MiB, and varied widely (docs/security.md). Hashes
 * made with other settings still verify (the settings are in the hash) and are remade at the next sign-in
 * (`needsRehash`).
 */
const options = { memoryCost: 12288, timeCost: 3, parallelism: 1 };
const SETTINGS = `m=${options.memoryCost},t=${options.timeCost},p=${options.parallelism}`;

/** Hashes a password with argon2id at `options`. */
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

/** True when a stored hash was made with other settings than `options` (or another algorithm or version). */
export function needsRehash(passwordHash: string): boolean {
  const [, algorithm, version, settings] = passwordHash.split('$');
  return algorithm !== 'argon2id' || version !== 'v=19' || settings !== SETTINGS;
}

/**
 * A real argon2id hash with the same cost as `options`, verified when the e-mail is unknown so that the
 * answer takes as long as for a real account. Fixed rather than hashed at start, so the first unknown
 * e-mail does not pay for a hash as well; passwords.test.ts fails if `options` and this drift apart.
 */
export const DECOY_HASH =
  '$argon2id$v=19$m=12288,t=3,p=1$2JbuHdrlinGgyVS2IBsKhw$4Cl7BzZJc4b71YQJA8NufNvA4ryQQlOHIRbpqOgfsNs';

/** Spends the time of a real verification and never matches. */
export async function verifyDecoy(password: string): Promise<false> {
  await verifyPassword(DECOY_HASH, password);
  return false;
}
