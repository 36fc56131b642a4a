/** user:create, user:update and user:list: staff accounts from the command line (the first admin, mostly). */
import type { z } from 'zod';
import { formatDate } from '../../domain/format';
import { AppError } from '../errors';
import { type AuditActor, SYSTEM_ACTOR } from '../services/audit/record';
import { listUsers } from '../services/users/admin';
import {
  createUser,
  findUserByEmail,
  NewUserSchema,
  UserChangesSchema,
  updateUser,
} from '../services/users/users';
import { CommandFailed, invocation, type Run, table, text, UsageError, type Values, yesNo } from './command';
import { commandConfig, withDatabase } from './database';
import { readPassword } from './password';

const ROLES = ['admin', 'orderer'] as const;
type Role = (typeof ROLES)[number];

/** The service's field names as the options that set them. */
const OPTION_OF: Record<string, string> = {
  email: '--email',
  name: '--name',
  role: '--role',
  is_orderer: '--orderer',
  active: '--active',
  password: 'password',
};

/** Validation details as one "--option: message" line each, rather than the screens' "Check the highlighted fields.". */
const inOptionTerms = (details: { field: string; message: string }[]) =>
  new UsageError(details.map((d) => `${OPTION_OF[d.field] ?? d.field}: ${d.message}`).join('\n'));

/**
 * Checks the values against the service's own schema before anything is opened or asked for, so a typo fails
 * at once; the password is checked only once it is known.
 */
function precheck(schema: z.ZodType, input: object, passwordKnown: boolean): void {
  const result = schema.safeParse(input);
  if (result.success) return;
  const details = result.error.issues
    .map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }))
    .filter((d) => passwordKnown || d.field !== 'password');
  if (details.length > 0) throw inOptionTerms(details);
}

/** Runs a users service call, its validation errors in option terms (a usage error: nothing was changed). */
async function serviceCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_input' && Array.isArray(error.details))
      throw inOptionTerms(error.details as { field: string; message: string }[]);
    throw error;
  }
}

function role(value: string | undefined): Role | undefined {
  if (value === undefined) return undefined;
  const known = ROLES.find((r) => r === value);
  if (!known) throw new UsageError(`--role takes admin or orderer, not ${value}`);
  return known;
}

/**
 * The password's source, settled before the database is opened: piped (read now), or asked for later in a
 * terminal, once the account is known to be valid. Neither: a usage error.
 */
async function passwordSource(values: Values, io: Parameters<Run>[1]) {
  const fromStdin = values['password-stdin'] === true;
  if (!fromStdin && !io.stdin.isTTY)
    throw new UsageError(
      'no password: pipe it with --password-stdin, or run the command in a terminal to be asked for it',
    );
  const piped = fromStdin ? await readPassword(io, { fromStdin: true }) : undefined;
  return { piped, get: async () => piped ?? (await readPassword(io, { fromStdin: false })) };
}

/** The command line acts as the system: no signed-in user; the audit row says it came from here. */
const CLI_ACTOR: AuditActor = { ...SYSTEM_ACTOR, userAgent: 'ukds command line' };

const yes = (value: boolean) => (value ? 'yes' : 'no');

export const createUserCommand: Run = async (values, io) => {
  const userRole = role(text(values, 'role')) ?? 'orderer';
  const fields = {
    email: text(values, 'email') ?? '',
    name: text(values, 'name') ?? '',
    role: userRole,
    is_orderer: yesNo(values, 'orderer') ?? userRole === 'orderer',
  };
  const password = await passwordSource(values, io);
  precheck(NewUserSchema, { ...fields, password: password.piped }, password.piped !== undefined);
  const config = commandConfig(io);
  const user = await withDatabase(io, config, 'write', async ({ db }) => {
    if (await findUserByEmail(db, fields.email))
      throw new CommandFailed(
        `a user with e-mail ${fields.email} already exists; change it with ${invocation()} user:update`,
      );
    const secret = await password.get();
    return serviceCall(() => createUser(db, { ...fields, password: secret }, CLI_ACTOR));
  });
  io.out(`Created ${user.role} ${user.email}${user.isOrderer ? ' (orderer)' : ''}, id ${user.id}.`);
  return undefined;
};

export const updateUserCommand: Run = async (values, io) => {
  const email = text(values, 'email') ?? '';
  const changes = {
    name: text(values, 'name'),
    role: role(text(values, 'role')),
    is_orderer: yesNo(values, 'orderer'),
    active: yesNo(values, 'active'),
  };
  const newPassword = values['reset-password'] === true || values['password-stdin'] === true;
  if (!newPassword && Object.values(changes).every((v) => v === undefined))
    throw new UsageError(
      `nothing to change: give --name, --role, --orderer, --active, --reset-password or --password-stdin; see: ${invocation()} user:update --help`,
    );
  const password = newPassword ? await passwordSource(values, io) : undefined;
  precheck(UserChangesSchema, { ...changes, password: password?.piped }, true);
  const user = await withDatabase(io, commandConfig(io), 'write', async ({ db }) => {
    const existing = await findUserByEmail(db, email);
    if (!existing) throw new CommandFailed(`no user with e-mail ${email}; see them all with user:list`);
    const secret = await password?.get();
    return serviceCall(() => updateUser(db, existing.id, { ...changes, password: secret }, CLI_ACTOR));
  });
  io.out(
    `Updated ${user.email}: role ${user.role}, orderer ${yes(user.isOrderer)}, active ${yes(user.active)}${newPassword ? ', new password' : ''}.`,
  );
  return undefined;
};

export const listUsersCommand: Run = async (values, io) => {
  const { users } = await withDatabase(io, commandConfig(io), 'read', ({ db }) => listUsers(db));
  if (values.json) {
    const rows = users.map((u) => ({
      email: u.email,
      name: u.name,
      role: u.role,
      orderer: u.is_orderer,
      active: u.active,
      created_at: u.created_at,
    }));
    io.out(JSON.stringify(rows, null, 2));
    return undefined;
  }
  if (users.length === 0) {
    io.out(`No users yet: create the first with ${invocation()} user:create.`);
    return undefined;
  }
  const rows = users.map((u) => [
    u.email,
    u.name,
    u.role,
    yes(u.is_orderer),
    yes(u.active),
    formatDate(u.created_at),
  ]);
  for (const line of table(['EMAIL', 'NAME', 'ROLE', 'ORDERER', 'ACTIVE', 'CREATED'], rows)) io.out(line);
  return undefined;
};
