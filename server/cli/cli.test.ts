/**
 * The operator CLI as an operator runs it: `node --import tsx server/cli/main.ts …` as a child process, its
 * exit code, stdout and stderr. One embedded DATA_DIR is shared by the commands that need a database (each
 * PGlite start costs a second or two); the configuration checks run on empty folders, which doctor reads
 * without creating a database. On PostgreSQL only doctor's view of the migrations runs (the rest is the same).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/client';
import { type ScratchDatabase, scratchDatabase } from '../test/app-process';
import { startObjectStore, TEST_BUCKET, type TestObjectStore } from '../test/s3';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with exactly `env` (plus PATH and HOME), `input` on its stdin. */
function cli(args: string[], env: Record<string, string> = {}, input = ''): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => {
    stdout += c;
  });
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const emptyDir = () => mkdtempSync(path.join(tmpdir(), 'ukds-cli-'));

/** A port on 127.0.0.1 with nothing listening: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const migrationCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const COMMANDS = [
  'user:create',
  'user:update',
  'user:list',
  'doctor',
  'db:migrate',
  'seed:demo',
  'storage:migrate',
];

describe.skipIf(onPostgres)('the CLI', () => {
  const dataDir = emptyDir();
  const embedded = { DATA_DIR: dataDir };

  it('lists its commands with a line each, for no command, help and --help alike', async () => {
    const runs = await Promise.all([cli([]), cli(['help']), cli(['--help']), cli(['-h'])]);
    for (const run of runs) {
      expect(run).toMatchObject({ code: 0, stderr: '' });
      for (const name of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^ {2}${name}[ ,].*\\w`, 'm'));
      expect(run.stdout).toMatch(/Exit codes: 0 done; 1 failed/);
    }
    expect(runs[1].stdout).toBe(runs[0].stdout);
  });

  it('explains each command with --help, -h or help <command>, and never mentions a password option', async () => {
    const runs = await Promise.all([
      ...COMMANDS.map((name) => cli([name, '--help'])),
      cli(['user:create', '-h']),
      cli(['help', 'config:check']),
    ]);
    for (const run of runs) {
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/^Usage: npm run cli -- \S+/m);
      expect(run.stdout).toMatch(/-h, --help/);
      expect(run.stdout).not.toMatch(/--password(?!-stdin)/);
    }
    expect(runs[0].stdout).toMatch(/--email EMAIL .*--name NAME .*--role ROLE .*\[--password-stdin\]/);
    expect(runs.at(-1)?.stdout).toMatch(/^doctor: /);
  });

  it('answers usage errors with one line and exit code 2: unknown command, unknown option, missing value', async () => {
    const [command, option, missing, argv, positional, flag] = await Promise.all([
      cli(['user:delete']),
      cli(['user:create', '--x']),
      cli(['user:create', '--email', 'a@b.example']),
      cli(['user:create', '--email', 'a@b.example', '--password', 'on-the-command-line']),
      cli(['user:list', 'everyone']),
      cli(['user:update', '--email', 'a@b.example', '--active', 'maybe']),
    ]);
    for (const run of [command, option, missing, argv, positional, flag]) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\bat \S+ \(|server\/cli\/|Error:/);
    }
    expect(command.stderr).toBe(
      `unknown command user:delete; the commands are ${COMMANDS.join(', ')}; see: npm run cli -- help\n`,
    );
    expect(option.stderr).toBe(
      'unknown option --x for user:create; see: npm run cli -- user:create --help\n',
    );
    expect(missing.stderr).toMatch(/^user:create needs --name, --role; see: /);
    expect(argv.stderr).toMatch(/^--password is not accepted: .*--password-stdin/);
    expect(argv.stderr).not.toContain('on-the-command-line');
    expect(positional.stderr).toMatch(/^unexpected argument everyone for user:list/);
    expect(flag.stderr).toBe('--active takes true or false, not maybe\n');
    // Nothing was done: no database was created.
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });

  it('reads never create a database: user:list before there is one says what to do', async () => {
    const run = await cli(['user:list'], embedded);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^there is no database yet in .*pgdata: start the server, or run .*db:migrate/,
    );
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });

  it('creates a user with the password on stdin, lists it, and refuses a second one or bad values in option terms', async () => {
    const created = await cli(
      [
        'user:create',
        '--email',
        'Ops@Example.test',
        '--name',
        'Olive Ops',
        '--role',
        'admin',
        '--password-stdin',
      ],
      embedded,
      'a-long-enough-password\n',
    );
    expect(created).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Created admin ops@example\.test, id \d+\.\n$/),
    });
    // The migrations it applied first, on stderr.
    expect(created.stderr).toMatch(/^applied 0000_extensions$/m);

    const list = await cli(['user:list'], embedded);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    const [header, row, ...rest] = list.stdout.trimEnd().split('\n');
    expect(header.split(/ {2,}/)).toEqual(['EMAIL', 'NAME', 'ROLE', 'ORDERER', 'ACTIVE', 'CREATED']);
    expect(row.split(/ {2,}/)).toEqual([
      'ops@example.test',
      'Olive Ops',
      'admin',
      'no',
      'yes',
      expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/),
    ]);
    expect(rest).toEqual([]);

    const again = await cli(
      [
        'user:create',
        '--email',
        'ops@example.test',
        '--name',
        'Other',
        '--role',
        'orderer',
        '--password-stdin',
      ],
      embedded,
      'another-long-password\n',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^a user with e-mail ops@example\.test already exists; change it with .*user:update\n$/,
    );

    const invalid = await cli(
      [
        'user:create',
        '--email',
        'not-an-address',
        '--name',
        'Nobody',
        '--role',
        'orderer',
        '--password-stdin',
      ],
      embedded,
      'short\n',
    );
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).not.toMatch(/highlighted/);
    expect(invalid.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^--email: /),
      'password: Passwords have at least 12 characters.',
    ]);

    const noPassword = await cli(
      ['user:create', '--email', 'new@example.test', '--name', 'New', '--role', 'orderer'],
      embedded,
    );
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(
      /^no password: pipe it with --password-stdin, or run the command in a terminal/,
    );
  }, 60_000);

  it('changes a user and lists it as JSON', async () => {
    const updated = await cli(
      [
        'user:update',
        '--email',
        'ops@example.test',
        '--active',
        'false',
        '--orderer',
        'yes',
        '--password-stdin',
      ],
      embedded,
      'a-new-long-password\n',
    );
    expect(updated).toMatchObject({
      code: 0,
      stdout: 'Updated ops@example.test: role admin, orderer yes, active no, new password.\n',
    });
    const nobody = await cli(['user:update', '--email', 'nobody@example.test', '--name', 'X'], embedded);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/^no user with e-mail nobody@example\.test/);
    const list = await cli(['user:list', '--json'], embedded);
    expect(JSON.parse(list.stdout)).toEqual([
      {
        email: 'ops@example.test',
        name: 'Olive Ops',
        role: 'admin',
        orderer: true,
        active: false,
        created_at: expect.any(String),
      },
    ]);
  }, 60_000);

  it('doctor: a healthy embedded configuration, its database migrated, exits 0 and says so', async () => {
    const run = await cli(['doctor'], embedded);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Configuration \(NODE_ENV=development, demo mode\)/);
    expect(run.stdout).toMatch(
      new RegExp(
        `^ {2}ok {4}database: embedded PGlite .* answers; ${migrationCount} of \\d+ migrations applied$`,
        'm',
      ),
    );
    expect(run.stdout).toMatch(/^ {2}ok {4}storage: local folder /m);
    expect(run.stdout).toMatch(/^ {2}note {2}SMTP_URL: unset: e-mail is written to files/m);
    expect(run.stdout).not.toMatch(/FAIL/);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('All is well.');
  }, 60_000);

  it('doctor in production names each missing variable and exits 1', async () => {
    const run = await cli(['doctor'], { DATA_DIR: emptyDir(), NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    for (const name of ['SMTP_URL', 'SESSION_SECRET', 'STOREFRONT_API_KEY'])
      expect(run.stdout).toMatch(new RegExp(`^ {2}FAIL {2}${name}: unset: `, 'm'));
    expect(run.stdout).toMatch(/^ {2}warn {2}TRUST_PROXY: unset/m);
    expect(run.stdout).toMatch(/3 problems \(FAIL above\): the server refuses to start/);
  });

  it('doctor reports an SMTP server it cannot reach, and never prints a secret', async () => {
    const port = await closedPort();
    const run = await cli(['doctor'], {
      DATA_DIR: emptyDir(),
      NODE_ENV: 'production',
      SMTP_URL: `smtp://mailer:smtp-password-123@127.0.0.1:${port}`,
      SESSION_SECRET: 'session-secret-that-is-long-enough-0123456789',
      STOREFRONT_API_KEY: 'storefront-key-0123456789',
      DATABASE_URL: `postgres://ukds:db-password-123@127.0.0.1:${port}/ukds`,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^ {2}FAIL {2}e-mail: SMTP server smtp://mailer:\\*\\*\\*@127\\.0\\.0\\.1:${port} unreachable: .*ECONNREFUSED`,
        'm',
      ),
    );
    expect(run.stdout).toMatch(
      /^ {2}FAIL {2}database: cannot reach PostgreSQL postgres:\/\/ukds:\*\*\*@.*ECONNREFUSED/m,
    );
    expect(run.stdout).toMatch(/^ {2}sessions {4}SESSION_SECRET given$/m);
    for (const secret of [
      'smtp-password-123',
      'db-password-123',
      'session-secret-that',
      'storefront-key-0123',
    ])
      expect(run.stdout + run.stderr).not.toContain(secret);
  }, 30_000);

  describe('with object storage and an SMTP server', () => {
    let store: TestObjectStore;
    let smtp: SmtpSink;
    beforeAll(async () => {
      [store, smtp] = await Promise.all([startObjectStore(), startSmtpSink()]);
    });
    afterAll(async () => {
      await Promise.all([store?.stop(), smtp?.stop()]);
    });

    it('doctor finds the bucket and the SMTP server answering, or the bucket missing', async () => {
      const env = { DATA_DIR: emptyDir(), SMTP_URL: smtp.url, ...store.env };
      const [good, missing] = await Promise.all([
        cli(['doctor'], env),
        cli(['doctor'], { ...env, S3_BUCKET: 'no-such-bucket' }),
      ]);
      expect(good.code).toBe(0);
      expect(good.stdout).toMatch(
        new RegExp(`^ {2}ok {4}storage: S3 bucket ${TEST_BUCKET} at .* answers$`, 'm'),
      );
      expect(good.stdout).toMatch(/^ {2}ok {4}e-mail: SMTP server smtp:\/\/127\.0\.0\.1:\d+ answers$/m);
      expect(good.stdout).not.toContain('S3RVER');
      expect(missing.code).toBe(1);
      expect(missing.stdout).toMatch(/^ {2}FAIL {2}storage: S3 bucket no-such-bucket at .* does not exist$/m);
    }, 30_000);
  });

  it('seed:demo refuses outside demo mode, in the CLI words and before touching a database', async () => {
    const dir = emptyDir();
    const [production, postgres] = await Promise.all([
      cli(['seed:demo'], { DATA_DIR: dir, NODE_ENV: 'production' }),
      cli(['seed:demo'], { DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1:1/ukds' }),
    ]);
    expect(production.code).toBe(1);
    expect(production.stderr).toMatch(/^seed:demo runs in demo mode only .*; here NODE_ENV is production\n$/);
    expect(postgres.stderr).toMatch(/; here DATABASE_URL is set\n$/);
    expect(existsSync(path.join(dir, 'pgdata'))).toBe(false);
  });

  it('an invalid configuration is one line per variable and exit code 1', async () => {
    const run = await cli(['user:list'], {
      DATA_DIR: emptyDir(),
      PORT: 'eighty',
      SESSION_SECRET_FILE: '/nonexistent',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Invalid configuration:\n  SESSION_SECRET_FILE: cannot read /nonexistent: no such file\n  PORT: Invalid input: expected number, received NaN\n',
    );
  });
});

describe.skipIf(!onPostgres)('the CLI on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await scratchDatabase({ migrated: false });
  });
  afterAll(async () => {
    await scratch?.close();
  });

  it('doctor counts the pending migrations without applying them; db:migrate applies them, naming each', async () => {
    const env = { DATA_DIR: emptyDir(), DATABASE_URL: scratch.url };
    const before = await cli(['doctor'], env);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(
      /^ {2}ok {4}database: PostgreSQL .* answers; 0 of \d+ migrations applied$/m,
    );
    expect(before.stdout).toMatch(/^ {2}warn {2}database: \d+ migrations pending \(0000_extensions … /m);
    const { rows } = await scratch.query("select to_regclass('drizzle.__drizzle_migrations') as t");
    expect(rows[0].t).toBeNull();

    const migrated = await cli(['db:migrate'], env);
    expect(migrated).toMatchObject({ code: 0, stdout: 'Migrations applied: the database is up to date.\n' });
    expect(migrated.stderr.split('\n').filter((l) => l.startsWith('applied '))).toHaveLength(migrationCount);

    const after = await cli(['doctor'], env);
    expect(after.stdout).toMatch(/answers; (\d+) of \1 migrations applied$/m);
    expect(after.stdout).not.toMatch(/pending/);
  }, 60_000);
});
