/**
 * One command line of the operator CLI, from argv to the exit code: the command list and help, the chosen
 * command's run, its errors as one line each. Everything goes through `io`, so tests run it in-process too.
 */
import { ConfigError } from '../config';
import { AppError } from '../errors';
import {
  type Command,
  CommandFailed,
  commandHelp,
  EXIT,
  type Io,
  invocation,
  parseOptions,
  UsageError,
} from './command';
import { COMMANDS } from './commands';

const find = (name: string) => COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));

function commandList(): string {
  const names = COMMANDS.map((c) => [c.name, ...(c.aliases ?? [])].join(', '));
  const width = Math.max(...names.map((n) => n.length), 'help'.length);
  return [
    `Operator commands of the back office. Usage: ${invocation()} <command> [options]`,
    '',
    'Commands:',
    ...COMMANDS.map((c, i) => `  ${names[i].padEnd(width)}  ${c.summary}`),
    `  ${'help'.padEnd(width)}  This list; help <command> (or <command> --help) explains one`,
    '',
    'They read the same environment variables as the server (README, "Configuration"). Commands that write',
    'migrate the database first; help, user:list and doctor never do.',
    'Exit codes: 0 done; 1 failed (an invalid configuration, the database unreachable, a doctor FAIL, ...);',
    '2 usage (an unknown command or option, a missing or bad value: nothing was done).',
  ].join('\n');
}

/** Runs one command line; answers the exit code. Everything it prints goes through `io`. */
export async function run(argv: string[], io: Io): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const about = args[0] === undefined ? undefined : find(args[0]);
    if (args[0] !== undefined && !about) return usage(io, unknownCommand(args[0]));
    io.out(about ? commandHelp(about) : commandList());
    return EXIT.ok;
  }
  const command = find(name);
  if (!command) return usage(io, unknownCommand(name));
  if (args.includes('--help') || args.includes('-h')) {
    io.out(commandHelp(command));
    return EXIT.ok;
  }
  try {
    const values = parseOptions(command, args);
    const work = await command.load();
    return (await work(values, io)) ?? EXIT.ok;
  } catch (error) {
    return failure(io, command, error);
  }
}

const unknownCommand = (name: string) =>
  `unknown command ${name}; the commands are ${COMMANDS.map((c) => c.name).join(', ')}; see: ${invocation()} help`;

function usage(io: Io, message: string): number {
  io.err(message);
  return EXIT.usage;
}

/** An error as the exit code and the lines an operator reads: no stack trace unless it is a bug. */
function failure(io: Io, command: Command, error: unknown): number {
  if (error instanceof UsageError) return usage(io, error.message);
  if (error instanceof CommandFailed || error instanceof ConfigError) io.err(error.message);
  else if (error instanceof AppError) io.err(`${command.name}: ${error.message}`);
  else {
    // Not a failure the command knows: a bug or an unforeseen fault, whose stack is worth having.
    io.err(`${command.name} failed unexpectedly:`);
    io.err(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  return EXIT.failed;
}
