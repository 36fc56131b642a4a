/** Staff accounts: creation and changes used by the CLI, the demo seed and (later) the user admin screen. */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EmailSchema } from '../../../domain/contract/common';
import { RoleSchema } from '../../../domain/contract/session';
import { hashPassword } from '../../auth/passwords';
import { forgetUser } from '../../auth/session-cache';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { destroyUserSessions } from '../auth/sessions';

export const NewUserSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().min(1, 'Enter a name.').max(200),
  role: RoleSchema,
  is_orderer: z.boolean().default(false),
  password: z.string().min(12, 'Passwords have at least 12 characters.').max(1000),
});
export type NewUser = z.input<typeof NewUserSchema>;

export const UserChangesSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    role: RoleSchema,
    is_orderer: z.boolean(),
    active: z.boolean(),
    password: z.string().min(12, 'Passwords have at least 12 characters.').max(1000),
  })
  .partial();
export type UserChanges = z.input<typeof UserChangesSchema>;

export type UserRow = typeof users.$inferSelect;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw invalidInput(
      'Check the highlighted fields.',
      result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  }
  return result.data;
}

/** Finds a user by e-mail, case-insensitively. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

/** Creates a staff account; a taken e-mail is a 409. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const data = parse(NewUserSchema, input);
  if (await findUserByEmail(db, data.email)) {
    throw new AppError('conflict', 'A user with that e-mail already exists.', [
      { field: 'email', message: 'Already taken.' },
    ]);
  }
  const [row] = await db
    .insert(users)
    .values({
      email: data.email.toLowerCase(),
      name: data.name,
      role: data.role,
      isOrderer: data.is_orderer,
      passwordHash: await hashPassword(data.password),
    })
    .returning();
  return row;
}

/** Changes a user; deactivating or changing the password ends their sessions at once. */
export async function updateUser(db: Db, userId: number, input: UserChanges): Promise<UserRow> {
  const data = parse(UserChangesSchema, input);
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (data.name !== undefined) patch.name = data.name;
  if (data.role !== undefined) patch.role = data.role;
  if (data.is_orderer !== undefined) patch.isOrderer = data.is_orderer;
  if (data.active !== undefined) patch.active = data.active;
  if (data.password !== undefined) patch.passwordHash = await hashPassword(data.password);
  const [row] = await db.update(users).set(patch).where(eq(users.id, userId)).returning();
  if (!row) throw notFound('User');
  // Other instances hear of it from a trigger at commit (migration 0025); this one forgets at once.
  forgetUser(userId);
  if (data.active === false || data.password !== undefined) await destroyUserSessions(db, userId);
  return row;
}
