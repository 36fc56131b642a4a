/** Staff accounts: creation and changes used by the CLI, the demo seed and (later) the user admin screen. */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EmailSchema } from '../../../domain/contract/common';
import { RoleSchema } from '../../../domain/contract/session';
import { hashPassword } from '../../auth/passwords';
import { forgetUser } from '../../auth/session-cache';
import { type Db, type Tx, transaction } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/record';
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
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

/** Creates a staff account; a taken e-mail is a 409. With an actor, the audit log records it. */
export async function createUser(db: Db, input: NewUser, actor?: AuditActor): Promise<UserRow> {
  const data = parse(NewUserSchema, input);
  const passwordHash = await hashPassword(data.password);
  return transaction(db, async (tx) => {
    if (await findUserByEmail(tx, data.email)) {
      throw new AppError('conflict', 'A user with that e-mail already exists.', [
        { field: 'email', message: 'Already taken.' },
      ]);
    }
    const [row] = await tx
      .insert(users)
      .values({
        email: data.email.toLowerCase(),
        name: data.name,
        role: data.role,
        isOrderer: data.is_orderer,
        passwordHash,
      })
      .returning();
    if (actor)
      await recordAudit(tx, actor, {
        kind: 'user.created',
        targetType: 'user',
        targetId: row.id,
        summary: `Created ${row.role} account for ${row.name}`,
        after: auditView(row),
      });
    return row;
  });
}

/** The parts of an account the audit log may show (never the password hash). */
const AUDITED_FIELDS = ['name', 'email', 'role', 'is_orderer', 'active'] as const;
const auditView = (u: UserRow) => ({
  name: u.name,
  email: u.email,
  role: u.role,
  is_orderer: u.isOrderer,
  active: u.active,
});

/**
 * Changes a user; deactivating or changing the password ends their sessions at once. With an actor, the audit
 * log records the changed fields (user.updated) and a new password (user.password_reset, never the password).
 */
export async function updateUser(
  db: Db,
  userId: number,
  input: UserChanges,
  actor?: AuditActor,
): Promise<UserRow> {
  const data = parse(UserChangesSchema, input);
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (data.name !== undefined) patch.name = data.name;
  if (data.role !== undefined) patch.role = data.role;
  if (data.is_orderer !== undefined) patch.isOrderer = data.is_orderer;
  if (data.active !== undefined) patch.active = data.active;
  if (data.password !== undefined) patch.passwordHash = await hashPassword(data.password);
  const row = await transaction(db, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw notFound('User');
    const [after] = await tx.update(users).set(patch).where(eq(users.id, userId)).returning();
    if (data.active === false || data.password !== undefined) await destroyUserSessions(tx, userId);
    if (actor) {
      const changes = changedFields(auditView(before), auditView(after), AUDITED_FIELDS);
      if (changes)
        await recordAudit(tx, actor, {
          kind: 'user.updated',
          targetType: 'user',
          targetId: userId,
          summary: `Changed ${after.name}'s ${Object.keys(changes.after).join(', ')}`,
          ...changes,
        });
      if (data.password !== undefined)
        await recordAudit(tx, actor, {
          kind: 'user.password_reset',
          targetType: 'user',
          targetId: userId,
          summary: `Set a new password for ${after.name} (their sessions ended)`,
        });
    }
    return after;
  });
  // Other instances hear of it from a trigger at commit (migration 0025); this one forgets at once.
  forgetUser(userId);
  return row;
}
