/**
 * A password for user:create and user:update, never from the command line (it would stay in the shell's
 * history and be visible to every user in the process list): asked for in a terminal without echo, twice, or
 * read from the first line of stdin with --password-stdin (a script, a secret manager's pipe).
 */
import { createInterface } from 'node:readline';
import { CommandFailed, type Io, UsageError } from './command';

/** The new password, from stdin or a prompt; a usage error when neither is possible. */
export async function readPassword(io: Io, opts: { fromStdin: boolean }): Promise<string> {
  if (opts.fromStdin) {
    const line = await firstLine(io.stdin);
    if (!line) throw new UsageError('--password-stdin read no password: pipe it in, one line');
    return line;
  }
  if (!io.stdin.isTTY)
    throw new UsageError(
      'no password: pipe it with --password-stdin, or run the command in a terminal to be asked for it',
    );
  const first = await askHidden(io, 'New password: ');
  const again = await askHidden(io, 'Repeat it: ');
  if (first !== again) throw new CommandFailed('the two passwords differ; nothing was changed');
  return first;
}

/** The first line of a stream, without its line ending ('' when it ends first). */
async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}

/** Reads one line from the terminal in raw mode, echoing nothing; Ctrl+C or Ctrl+D cancels. */
function askHidden(io: Io, question: string): Promise<string> {
  const input = io.stdin;
  io.prompt(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const wasRaw = input.isRaw;
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      io.prompt('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || ch === '\u0004')
          return finish(new CommandFailed('cancelled; nothing was changed'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}
