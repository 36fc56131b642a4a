/**
 * Operator commands. Usage:
 *   npm run cli -- user:create --email E --name N --role admin|orderer [--orderer] --password P
 *   npm run cli -- user:update --email E [--name N] [--role R] [--orderer true|false] [--active true|false] [--password P]
 *   npm run cli -- seed:demo        (seed the demo data set into an empty database)
 *   npm run db:migrate              (= npm run cli -- db:migrate: apply the migrations and nothing else)
 *   npm run cli -- storage:migrate  (copy DATA_DIR/attachments into the S3 store; skips what is already there)
 * Reads DATABASE_URL / DATA_DIR like the server and migrates first (under the same advisory lock as the
 * server, so running it beside starting instances is safe).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { seedDemoIfEmpty } from '../seed/demo';
import { createUser, findUserByEmail, updateUser } from '../services/users/users';
import { localStorage } from '../storage/local';
import { migrateStorage } from '../storage/migrate';
import { openStorage } from '../storage/open';

const bool = (v: string | undefined) =>
  v === undefined ? undefined : v === 'true' || v === 'yes' || v === '1';

async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      orderer: { type: 'string' },
      active: { type: 'string' },
      password: { type: 'string' },
    },
    allowPositionals: false,
  });
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { db } = database;
    switch (command) {
      case 'user:create': {
        const user = await createUser(db, {
          email: values.email ?? '',
          name: values.name ?? '',
          role: (values.role ?? '') as 'admin',
          is_orderer: bool(values.orderer) ?? values.role === 'orderer',
          password: values.password ?? '',
        });
        return `Created ${user.role} ${user.email} (id ${user.id}).`;
      }
      case 'user:update': {
        const existing = await findUserByEmail(db, values.email ?? '');
        if (!existing)
          throw new AppError('not_found', `No user with e-mail ${values.email ?? '(none given)'}.`);
        const user = await updateUser(db, existing.id, {
          name: values.name,
          role: values.role as 'admin' | undefined,
          is_orderer: bool(values.orderer),
          active: bool(values.active),
          password: values.password,
        });
        return `Updated ${user.email}: role ${user.role}, orderer ${user.isOrderer}, active ${user.active}.`;
      }
      case 'db:migrate':
        return 'Migrations applied: the database is up to date.';
      case 'storage:migrate': {
        if (config.storage.driver !== 's3')
          throw new AppError(
            'invalid_input',
            'Set STORAGE_DRIVER=s3 and the S3_* variables (README) to name the store to copy into.',
          );
        const from = localStorage(config.dataDir);
        const { copied, skipped, bytes } = await migrateStorage(from, openStorage(config), console.log);
        return `Copied ${copied} files (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${from.folder} to bucket ${config.storage.bucket}; ${skipped} already there.`;
      }
      case 'seed:demo':
        return (await seedDemoIfEmpty(db))
          ? 'Demo data seeded.'
          : 'The database already has users; nothing seeded.';
      default:
        throw new AppError(
          'invalid_input',
          'Commands: user:create, user:update, seed:demo, db:migrate, storage:migrate (see server/cli/main.ts).',
        );
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    if (error instanceof AppError) {
      console.error(`${error.message}${error.details ? `\n${JSON.stringify(error.details, null, 2)}` : ''}`);
    } else console.error(error);
    process.exit(1);
  },
);
