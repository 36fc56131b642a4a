/**
 * The operator CLI. A few runs go as an operator's do, `node --import tsx server/cli/main.ts …` as a child
 * process (its exit code, stdout and stderr, a password piped in); the rest call the same `run(argv, io)`
 * in-process, which is quicker (no loader start, one module load) and counts towards coverage. Commands that
 * need a database share one embedded DATA_DIR each way (a PGlite start costs a second or two); the
 * configuration checks run on empty folders, which doctor reads without creating a database. On PostgreSQL
 * only doctor's view of the migrations and db:migrate run (the rest does not depend on the database kind).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, openPglite } from '../db/client';
import { concurrentMigrationFiles } from '../db/migrate';
import { type ScratchDatabase, scratchDatabase } from '../test/app-process';
import { startObjectStore, TEST_BUCKET, type TestObjectStore } from '../test/s3';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink';
import type { Io } from './command';
import { run } from './run';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as a child process with exactly `env` (plus PATH and HOME), `input` on its stdin. */
function cli(args: string[], env: Record<string, string> = {}, input = ''): Promise<Ran> {
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

/**
 * Runs the CLI in-process with exactly `env`. `input` is piped on stdin; `answers` makes stdin a terminal
 * instead, which types each answer once the CLI prompts for it (and records what the prompts showed).
 */
async function inProcess(
  args: string[],
  env: Record<string, string> = {},
  opts: { input?: string; answers?: string[] } = {},
): Promise<Ran & { prompts: string }> {
  let stdout = '';
  let stderr = '';
  let prompts = '';
  const answers = [...(opts.answers ?? [])];
  const terminal = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    setRawMode(this: { isRaw: boolean }, mode: boolean) {
      this.isRaw = mode;
      return this;
    },
  });
  const stdin = opts.answers
    ? terminal
    : Object.assign(Readable.from(opts.input ? [opts.input] : []), { isTTY: false });
  const io: Io = {
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
    prompt: (text) => {
      prompts += text;
      const answer = text.endsWith(': ') ? answers.shift() : undefined;
      if (answer !== undefined) setImmediate(() => terminal.write(answer));
    },
    env,
    stdin: stdin as unknown as NodeJS.ReadStream,
  };
  const code = await run(args, io);
  return { code, stdout, stderr, prompts };
}

const emptyDir = () => mkdtempSync(path.join(tmpdir(), 'ukds-cli-'));

/** A DATA_DIR holding a migrated embedded database, copied from the run's template rather than migrated again. */
async function migratedDir(): Promise<string> {
  const dir = emptyDir();
  const pglite = await openPglite(path.join(dir, 'pgdata'), new Blob([readFileSync(inject('pgliteDump'))]));
  await pglite.close();
  return dir;
}

/** A port on 127.0.0.1 with nothing listening: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every migration db:migrate applies to a new database: the journal's, then the concurrent index builds. */
const migrationCount =
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length +
  concurrentMigrationFiles(path.join(path.dirname(migrationsFolder), 'migrations-concurrent')).length;

const COMMANDS = [
  'user:create',
  'user:update',
  'user:list',
  'doctor',
  'db:migrate',
  'seed:demo',
  'storage:migrate',
];

/** Lines of output, without the last line end. */
const lines = (text: string) => text.trimEnd().split('\n');

describe.skipIf(onPostgres)('the CLI as an operator runs it', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await migratedDir();
  });

  it('lists its commands, and answers a usage error with one line and exit code 2, no stack trace', async () => {
    const [list, help, option, command] = await Promise.all([
      cli([]),
      cli(['--help']),
      cli(['user:create', '--x']),
      cli(['user:delete']),
    ]);
    for (const ran of [list, help]) {
      expect(ran).toMatchObject({ code: 0, stderr: '' });
      for (const name of COMMANDS) expect(ran.stdout).toMatch(new RegExp(`^ {2}${name}[ ,].*\\w`, 'm'));
    }
    expect(help.stdout).toBe(list.stdout);
    expect(option).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'unknown option --x for user:create; see: npm run cli -- user:create --help\n',
    });
    expect(command).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `unknown command user:delete; the commands are ${COMMANDS.join(', ')}; see: npm run cli -- help\n`,
    });
  });

  it('creates a user with the password piped to --password-stdin, then lists it', async () => {
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
      { DATA_DIR: dataDir },
      'a-long-enough-password\n',
    );
    expect(created).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Created admin ops@example\.test, id \d+\.\n$/),
    });
    expect(created.stderr).toBe('');
    const list = await cli(['user:list'], { DATA_DIR: dataDir });
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(lines(list.stdout)[1].split(/ {2,}/)).toEqual([
      'ops@example.test',
      'Olive Ops',
      'admin',
      'no',
      'yes',
      expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/),
    ]);
  }, 90_000);

  it('doctor in production names each missing variable and exits 1', async () => {
    const ran = await cli(['doctor'], { DATA_DIR: emptyDir(), NODE_ENV: 'production' });
    expect(ran.code).toBe(1);
    for (const name of ['SMTP_URL', 'SESSION_SECRET', 'STOREFRONT_API_KEY'])
      expect(ran.stdout).toMatch(new RegExp(`^ {2}FAIL {2}${name}: unset: `, 'm'));
    expect(ran.stdout).toMatch(/^ {2}warn {2}TRUST_PROXY: unset/m);
    expect(lines(ran.stdout).at(-1)).toBe(
      '3 problems (FAIL above): the server refuses to start with this configuration.',
    );
  });
});

describe.skipIf(onPostgres)('the CLI commands', () => {
  let dataDir = '';
  let embedded = { DATA_DIR: '' };
  beforeAll(async () => {
    dataDir = await migratedDir();
    embedded = { DATA_DIR: dataDir };
  });

  it('lists its commands with a line each, for no command, help, --help and -h alike', async () => {
    const runs = await Promise.all([
      inProcess([]),
      inProcess(['help']),
      inProcess(['--help']),
      inProcess(['-h']),
    ]);
    for (const ran of runs) {
      expect(ran).toMatchObject({ code: 0, stderr: '' });
      for (const name of COMMANDS) expect(ran.stdout).toMatch(new RegExp(`^ {2}${name}[ ,].*\\w`, 'm'));
      expect(ran.stdout).toMatch(/Exit codes: 0 done; 1 failed/);
      expect(ran.stdout).toBe(runs[0].stdout);
    }
  });

  it('explains each command with --help, -h or help <command>, and never mentions a password option', async () => {
    const runs = await Promise.all([
      ...COMMANDS.map((name) => inProcess([name, '--help'])),
      inProcess(['user:create', '-h']),
      inProcess(['help', 'config:check']),
    ]);
    for (const ran of runs) {
      expect(ran).toMatchObject({ code: 0, stderr: '' });
      expect(ran.stdout).toMatch(/^Usage: npm run cli -- \S+/m);
      expect(ran.stdout).toMatch(/-h, --help/);
      expect(ran.stdout).not.toMatch(/--password(?!-stdin)/);
    }
    expect(runs[0].stdout).toMatch(/--email EMAIL .*--name NAME .*--role ROLE .*\[--password-stdin\]/);
    expect(runs.at(-1)?.stdout).toMatch(/^doctor: /);
    expect(runs.at(-1)?.stdout).toMatch(/^Also: config:check$/m);
    expect(await inProcess(['help', 'nope'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^unknown command nope;/),
    });
  });

  it('answers usage errors with one line and exit code 2, before opening anything', async () => {
    const dir = emptyDir();
    const env = { DATA_DIR: dir };
    const runs = await Promise.all([
      inProcess(['user:create', '--email', 'a@b.example'], env),
      inProcess(['user:create', '--email', 'a@b.example', '--password', 'on-the-command-line'], env),
      inProcess(['user:list', 'everyone'], env),
      inProcess(['user:update', '--email', 'a@b.example', '--active', 'maybe'], env),
      inProcess(['user:update', '--email', 'a@b.example'], env),
      inProcess(['user:update', '--email'], env),
      inProcess(['user:list', '--json=yes'], env),
      inProcess(
        ['user:create', '--email', 'a@b.example', '--name', 'A', '--role', 'boss', '--password-stdin'],
        env,
      ),
      inProcess(['user:create', '--email', 'a@b.example', '--name', 'A', '--role', 'admin'], env),
      inProcess(
        ['user:create', '--email', 'a@b.example', '--name', 'A', '--role', 'admin', '--password-stdin'],
        env,
      ),
    ]);
    expect(runs.map((r) => r.stderr)).toEqual([
      'user:create needs --name, --role; see: npm run cli -- user:create --help\n',
      expect.stringMatching(/^--password is not accepted: .*--password-stdin; see: .*\n$/),
      'unexpected argument everyone for user:list (every value follows its --option); see: npm run cli -- user:list --help\n',
      '--active takes true or false, not maybe\n',
      expect.stringMatching(/^nothing to change: give --name, .*--password-stdin; see: /),
      '--email needs a value; see: npm run cli -- user:update --help\n',
      '--json takes no value; see: npm run cli -- user:list --help\n',
      '--role takes admin or orderer, not boss\n',
      'no password: pipe it with --password-stdin, or run the command in a terminal to be asked for it\n',
      '--password-stdin read no password: pipe it in, one line\n',
    ]);
    for (const ran of runs) {
      expect(ran.code).toBe(2);
      expect(ran.stdout).toBe('');
    }
    expect(runs[1].stderr).not.toContain('on-the-command-line');
    expect(existsSync(path.join(dir, 'pgdata'))).toBe(false);
  });

  it('reads never create a database: user:list before there is one says what to do', async () => {
    const dir = emptyDir();
    const ran = await inProcess(['user:list'], { DATA_DIR: dir });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(
      /^there is no database yet in .*pgdata: start the server, or run .*db:migrate/,
    );
    expect(existsSync(path.join(dir, 'pgdata'))).toBe(false);
  });

  it('creates users from stdin or a terminal prompt that echoes nothing, and refuses bad values in option terms', async () => {
    const piped = await inProcess(
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
      { input: 'a-long-enough-password\n' },
    );
    expect(piped).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Created admin ops@example\.test, id \d+\.\n$/),
    });

    // Typed with a typo erased by backspace; the prompts show no character of it.
    const typed = await inProcess(
      ['user:create', '--email', 'olga@example.test', '--name', 'Olga Orderer', '--role', 'orderer'],
      embedded,
      { answers: ['typed-passwordX\u007f-1\r', 'typed-password-1\r'] },
    );
    expect(typed).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Created orderer olga@example\.test \(orderer\), id \d+\.\n$/),
    });
    expect(typed.prompts).toBe('New password: \nRepeat it: \n');

    const differ = await inProcess(
      ['user:create', '--email', 'other@example.test', '--name', 'Other', '--role', 'orderer'],
      embedded,
      { answers: ['first-password-1\r', 'second-password-2\r'] },
    );
    expect(differ).toMatchObject({ code: 1, stderr: 'the two passwords differ; nothing was changed\n' });
    const cancelled = await inProcess(
      ['user:create', '--email', 'other@example.test', '--name', 'Other', '--role', 'orderer'],
      embedded,
      { answers: ['half\u0003'] },
    );
    expect(cancelled).toMatchObject({ code: 1, stderr: 'cancelled; nothing was changed\n' });

    const again = await inProcess(
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
      { input: 'another-long-password\n' },
    );
    expect(again).toMatchObject({
      code: 1,
      stderr:
        'a user with e-mail ops@example.test already exists; change it with npm run cli -- user:update\n',
    });

    const invalid = await inProcess(
      ['user:create', '--email', 'not-an-address', '--name', ' ', '--role', 'orderer', '--password-stdin'],
      embedded,
      { input: 'short\n' },
    );
    expect(invalid.code).toBe(2);
    expect(lines(invalid.stderr)).toEqual([
      expect.stringMatching(/^--email: /),
      '--name: Enter a name.',
      'password: Passwords have at least 12 characters.',
    ]);
    // A prompted password is checked once it is typed.
    const short = await inProcess(
      ['user:create', '--email', 'new@example.test', '--name', 'New', '--role', 'orderer'],
      embedded,
      { answers: ['short\r', 'short\r'] },
    );
    expect(short).toMatchObject({ code: 2, stderr: 'password: Passwords have at least 12 characters.\n' });
  }, 60_000);

  it('changes a user and lists them all, as a table or JSON', async () => {
    const updated = await inProcess(
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
      { input: 'a-new-long-password\n' },
    );
    expect(updated).toMatchObject({
      code: 0,
      stdout: 'Updated ops@example.test: role admin, orderer yes, active no, new password.\n',
    });
    const renamed = await inProcess(
      ['user:update', '--email', 'OLGA@example.test', '--name', 'Olga O.', '--role', 'admin'],
      embedded,
    );
    expect(renamed.stdout).toBe('Updated olga@example.test: role admin, orderer yes, active yes.\n');
    const nobody = await inProcess(
      ['user:update', '--email', 'nobody@example.test', '--name', 'X'],
      embedded,
    );
    expect(nobody).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^no user with e-mail nobody@example\.test; /),
    });

    const table = await inProcess(['user:list'], embedded);
    expect(table).toMatchObject({ code: 0, stderr: '' });
    const [header, ...rows] = lines(table.stdout);
    expect(header.split(/ {2,}/)).toEqual(['EMAIL', 'NAME', 'ROLE', 'ORDERER', 'ACTIVE', 'CREATED']);
    // Active first, then by name.
    expect(rows.map((r) => r.split(/ {2,}/).slice(0, 5))).toEqual([
      ['olga@example.test', 'Olga O.', 'admin', 'yes', 'yes'],
      ['ops@example.test', 'Olive Ops', 'admin', 'yes', 'no'],
    ]);
    const json = await inProcess(['user:list', '--json'], embedded);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ email: 'olga@example.test', role: 'admin', orderer: true, active: true }),
      {
        email: 'ops@example.test',
        name: 'Olive Ops',
        role: 'admin',
        orderer: true,
        active: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  }, 60_000);

  it('db:migrate migrates a new embedded database, naming each migration on stderr, and then has nothing to do', async () => {
    const env = { DATA_DIR: emptyDir() };
    const first = await inProcess(['db:migrate'], env);
    expect(first).toMatchObject({ code: 0, stdout: 'Migrations applied: the database is up to date.\n' });
    expect(lines(first.stderr).filter((l) => l.startsWith('applied '))).toHaveLength(migrationCount);
    expect(lines(first.stderr)).toContain('applied 0000_extensions');
    const again = await inProcess(['db:migrate'], env);
    expect(again.stderr).toMatch(/^migrations up to date \(latest \S+\)\n$/);
    const list = await inProcess(['user:list'], env);
    expect(list).toMatchObject({
      code: 0,
      stdout: 'No users yet: create the first with npm run cli -- user:create.\n',
    });
  }, 90_000);

  it('doctor: a healthy embedded configuration, its database migrated, exits 0 and says so', async () => {
    const ran = await inProcess(['doctor'], embedded);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Configuration \(NODE_ENV=development, demo mode\)/);
    expect(ran.stdout).toMatch(
      /^ {2}ok {4}database: embedded PGlite .* answers; (\d+) of \1 migrations applied$/m,
    );
    expect(ran.stdout).toMatch(/^ {2}ok {4}storage: local folder /m);
    expect(ran.stdout).toMatch(/^ {2}note {2}SMTP_URL: unset: e-mail is written to files/m);
    expect(ran.stdout).not.toMatch(/FAIL/);
    expect(lines(ran.stdout).at(-1)).toBe('All is well.');
    // Read-only: it wrote no session secret.
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  }, 30_000);

  it('doctor reports an SMTP server and a database it cannot reach, and never prints a secret', async () => {
    const port = await closedPort();
    const ran = await inProcess(['doctor'], {
      DATA_DIR: emptyDir(),
      NODE_ENV: 'production',
      SMTP_URL: `smtp://mailer:smtp-password-123@127.0.0.1:${port}`,
      SESSION_SECRET: 'session-secret-that-is-long-enough-0123456789',
      STOREFRONT_API_KEY: 'storefront-key-0123456789',
      DATABASE_URL: `postgres://ukds:db-password-123@127.0.0.1:${port}/ukds?sslpassword=also-secret`,
    });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(
      new RegExp(
        `^ {2}FAIL {2}e-mail: SMTP server smtp://mailer:\\*\\*\\*@127\\.0\\.0\\.1:${port} unreachable: .*ECONNREFUSED`,
        'm',
      ),
    );
    expect(ran.stdout).toMatch(
      /^ {2}FAIL {2}database: cannot reach PostgreSQL postgres:\/\/ukds:\*\*\*@.*sslpassword=\*\*\*: .*ECONNREFUSED/m,
    );
    expect(ran.stdout).toMatch(/^ {2}sessions {4}SESSION_SECRET given$/m);
    expect(lines(ran.stdout).at(-1)).toBe('2 problems (FAIL above).');
    for (const secret of [
      'smtp-password-123',
      'db-password-123',
      'also-secret',
      'session-secret-that',
      'storefront-key-0123',
    ])
      expect(ran.stdout + ran.stderr).not.toContain(secret);
  }, 30_000);

  it('doctor on an invalid configuration lists every bad variable and checks nothing else', async () => {
    const ran = await inProcess(['config:check'], {
      DATA_DIR: emptyDir(),
      PORT: 'eighty',
      MAIL_TRANSPORT: 'pigeon',
    });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^Configuration: invalid; nothing else was checked$/m);
    expect(ran.stdout).toMatch(/^ {2}FAIL {2}PORT: /m);
    expect(ran.stdout).toMatch(/^ {2}FAIL {2}MAIL_TRANSPORT: /m);
  });

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
        inProcess(['doctor'], env),
        inProcess(['doctor'], { ...env, S3_BUCKET: 'no-such-bucket' }),
      ]);
      expect(good.code).toBe(0);
      expect(good.stdout).toMatch(
        new RegExp(`^ {2}ok {4}storage: S3 bucket ${TEST_BUCKET} at .* answers$`, 'm'),
      );
      expect(good.stdout).toMatch(/^ {2}ok {4}e-mail: SMTP server smtp:\/\/127\.0\.0\.1:\d+ answers$/m);
      expect(good.stdout).toMatch(/^ {2}storage {5}S3 bucket .*access key given\)$/m);
      expect(good.stdout).not.toContain('S3RVER');
      expect(missing.code).toBe(1);
      expect(missing.stdout).toMatch(/^ {2}FAIL {2}storage: S3 bucket no-such-bucket at .* does not exist$/m);
    }, 30_000);

    it('storage:migrate copies the local attachments into the bucket, and needs a bucket', async () => {
      const ran = await inProcess(['storage:migrate'], { ...embedded, ...store.env });
      expect(ran).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          /^Copied 0 files \(0\.0 MB\) from .* to bucket ukds-test; 0 already there\.\n$/,
        ),
      });
      expect(await inProcess(['storage:migrate'], embedded)).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^no bucket to copy into: set STORAGE_DRIVER=s3/),
      });
    }, 30_000);
  });

  it('seed:demo refuses outside demo mode, in the CLI words and before touching a database', async () => {
    const dir = emptyDir();
    const [production, postgres] = await Promise.all([
      inProcess(['seed:demo'], { DATA_DIR: dir, NODE_ENV: 'production' }),
      inProcess(['seed:demo'], { DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1:1/ukds' }),
    ]);
    expect(production).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^seed:demo runs in demo mode only .*; here NODE_ENV is production\n$/),
    });
    expect(postgres.stderr).toMatch(/; here DATABASE_URL is set\n$/);
    expect(existsSync(path.join(dir, 'pgdata'))).toBe(false);
  });

  it('an invalid configuration is one line per variable and exit code 1; an unreachable database one line', async () => {
    const invalid = await inProcess(['user:list'], {
      DATA_DIR: emptyDir(),
      PORT: 'eighty',
      SESSION_SECRET_FILE: '/nonexistent',
    });
    expect(invalid).toMatchObject({
      code: 1,
      stderr:
        'Invalid configuration:\n  SESSION_SECRET_FILE: cannot read /nonexistent: no such file\n  PORT: Invalid input: expected number, received NaN\n',
    });
    const port = await closedPort();
    const unreachable = await inProcess(['user:list'], {
      DATA_DIR: emptyDir(),
      DATABASE_URL: `postgres://ukds:pw@127.0.0.1:${port}/ukds`,
    });
    expect(unreachable).toMatchObject({
      code: 1,
      stderr: `cannot reach PostgreSQL postgres://ukds:***@127.0.0.1:${port}/ukds: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    });
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
