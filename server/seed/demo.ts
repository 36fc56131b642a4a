/**
 * The demo data set of PRODUCT.md section 9, built through the service functions so it exercises the
 * same rules as real use. Runs only on an empty embedded database (see main.ts).
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createUser } from '../services/users/users';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_USERS = [
  { email: 'admin@demo.test', name: 'Ada Admin', role: 'admin', is_orderer: false },
  { email: 'alice@demo.test', name: 'Alice Orderer', role: 'orderer', is_orderer: true },
  { email: 'bob@demo.test', name: 'Bob Orderer', role: 'orderer', is_orderer: true },
] as const;

/** Seeds the demo set when there are no users yet; answers whether it seeded. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  await seedDemo(db);
  return true;
}

/** Builds the whole demo data set. */
export async function seedDemo(db: Db): Promise<void> {
  for (const u of DEMO_USERS) {
    await createUser(db, { ...u, password: DEMO_PASSWORD });
  }
}
