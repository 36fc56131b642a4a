/**
 * The operator CLI: `npm run cli -- <command> [options]` from the sources, `node dist-server/cli.js <command>`
 * in a release. `npm run cli` lists the commands; `<command> --help` explains one (docs/cli.md).
 * It reads DATABASE_URL, DATA_DIR and the rest like the server. Commands that write migrate the database first
 * (under the server's advisory lock, so running one beside starting instances is safe); help, user:list and
 * doctor never do. Exit codes: 0 done, 1 failed, 2 usage (the command line was wrong; nothing was done).
 */
import { EXIT, type Io } from './command';
import { run } from './run';

const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  prompt: (text) => process.stderr.write(text),
  env: process.env,
  stdin: process.stdin,
};

run(process.argv.slice(2), processIo).then(
  // Exits once the output is written: a pool, a prompt or an SMTP socket must not hold the process.
  (code) => process.stdout.write('', () => process.exit(code)),
  (error: unknown) => {
    console.error(error);
    process.exit(EXIT.failed);
  },
);
