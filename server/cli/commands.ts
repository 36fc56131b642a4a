/**
 * Every CLI command: its name, one-line summary, options and help. Their code lives in one module per group
 * (users.ts, database.ts, seed.ts, storage.ts, doctor.ts), imported only when the command runs.
 */
import type { Command, OptionSpec } from './command';

const PASSWORD_ON_ARGV =
  'a password on the command line stays in the shell history and the process list; leave it out to be asked for it, or pipe it in with --password-stdin';

const passwordStdin: OptionSpec = {
  type: 'boolean',
  help: 'read the password from the first line of stdin (otherwise it is asked for, in a terminal)',
};

export const COMMANDS: readonly Command[] = [
  {
    name: 'user:create',
    summary: 'Create a staff account; the password is asked for, or read with --password-stdin',
    options: {
      email: { type: 'string', value: 'EMAIL', help: 'sign-in e-mail address', required: true },
      name: { type: 'string', value: 'NAME', help: 'full name, as colleagues see it', required: true },
      role: { type: 'string', value: 'ROLE', help: 'admin or orderer', required: true },
      orderer: {
        type: 'string',
        value: 'true|false',
        help: 'takes orders (default: true for the orderer role, false for admin)',
      },
      'password-stdin': passwordStdin,
    },
    removed: { password: PASSWORD_ON_ARGV },
    details:
      'In a terminal the password is asked for twice, without echo. From a script:\n' +
      '  printf "%s\\n" "$PASSWORD" | npm run cli -- user:create --email you@company.example \\\n' +
      '    --name "Your Name" --role admin --password-stdin',
    load: async () => (await import('./users')).createUserCommand,
  },
  {
    name: 'user:update',
    summary: 'Change a staff account: name, role, orderer, active, password',
    options: {
      email: { type: 'string', value: 'EMAIL', help: 'the account to change', required: true },
      name: { type: 'string', value: 'NAME', help: 'new full name' },
      role: { type: 'string', value: 'ROLE', help: 'admin or orderer' },
      orderer: { type: 'string', value: 'true|false', help: 'takes orders' },
      active: {
        type: 'string',
        value: 'true|false',
        help: 'false: the account can no longer sign in, and its sessions end at once',
      },
      'reset-password': {
        type: 'boolean',
        help: 'set a new password, asked for in a terminal (the sessions end at once)',
      },
      'password-stdin': { ...passwordStdin, help: 'set a new password, read from the first line of stdin' },
    },
    removed: { password: PASSWORD_ON_ARGV },
    load: async () => (await import('./users')).updateUserCommand,
  },
  {
    name: 'user:list',
    summary: 'List the staff accounts: e-mail, name, role, orderer, active, created',
    options: { json: { type: 'boolean', help: 'one JSON array instead of the table' } },
    details: 'Read-only: never migrates, and never creates an embedded database.',
    load: async () => (await import('./users')).listUsersCommand,
  },
  {
    name: 'doctor',
    aliases: ['config:check'],
    summary: 'Check the configuration and reach the database, object storage and SMTP; prints no secret',
    options: {},
    details:
      'Reads the same environment as the server (and its *_FILE secrets). Lists what production would refuse\n' +
      '(FAIL), what it would rather have (warn) and how this configuration behaves (note), then asks the\n' +
      'database (and how many migrations are pending), the attachment store and the SMTP server to answer.\n' +
      'Changes nothing. Exit 0: all is well (warnings allowed); 1: a FAIL line.',
    load: async () => (await import('./doctor')).doctorCommand,
  },
  {
    name: 'db:migrate',
    summary:
      'Apply the database migrations and nothing else (a deploy step; the server also migrates at start)',
    options: {},
    details: 'Each migration applied is named on stderr. Safe beside starting instances: they take turns.',
    load: async () => (await import('./database')).migrateCommand,
  },
  {
    name: 'seed:demo',
    summary: 'Seed the demo data set into an empty embedded database (demo mode only)',
    options: {},
    details:
      'Demo mode is the embedded database outside production: no DATABASE_URL, NODE_ENV not production. The\n' +
      'demo users have public passwords, so this refuses anywhere else. The server seeds an empty demo\n' +
      'database at start by itself; this seeds without serving.',
    load: async () => (await import('./seed')).seedDemoCommand,
  },
  {
    name: 'storage:migrate',
    summary: 'Copy DATA_DIR/attachments into the S3 bucket; skips what is already there, so it can run again',
    options: {},
    load: async () => (await import('./storage')).storageMigrateCommand,
  },
];
