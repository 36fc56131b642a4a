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

// A real hash to verify against when the e-mail is unknown, so timing does not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;
/** Spends the same time as a real verification. */
export async function verifyDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-never-valid');
  await verifyPassword(await decoyHash, password);
}
