/**
 * What every CLI command is made of: its options (parsed by node:util's parseArgs), its help, and the errors
 * that become exit codes. A command never prints a stack trace for a mistake on the command line: usage
 * errors are one line naming the option and the way to the command's help.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Exit codes, documented in docs/cli.md. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in the help (string options). */
  value?: string;
  help: string;
  required?: boolean;
}

export type Values = Record<string, string | boolean | undefined>;

/** Where a command writes and reads: the process's streams and environment, or a test's. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** Writes a question to the terminal, as is (no line end): stderr. */
  prompt(text: string): void;
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadStream;
}

export interface Command {
  name: string;
  aliases?: readonly string[];
  /** One line for the command list. */
  summary: string;
  /** Paragraphs after the options in the command's help. */
  details?: string;
  options: Record<string, OptionSpec>;
  /** Options that no longer exist, with what to do instead. */
  removed?: Record<string, string>;
  /**
   * The command's code, imported only when it runs: the list, the help and usage errors answer at once, without
   * loading the database driver, the AWS SDK or the demo data set.
   */
  load(): Promise<Run>;
}

/** A command's work; answers the exit code (nothing: 0). */
export type Run = (values: Values, io: Io) => Promise<number | undefined>;

/** The command line was wrong: nothing was done (exit 2). */
export class UsageError extends Error {}

/** The command ran and could not do its work: one line in the CLI's words (exit 1). */
export class CommandFailed extends Error {}

/** How the operator started this CLI, for the hints it prints: the release's cli.js, or the sources' npm script. */
export function invocation(script = process.argv[1] ?? ''): string {
  return path.basename(script) === 'cli.js'
    ? `node ${path.relative(process.cwd(), script) || script}`
    : 'npm run cli --';
}

/** The command's options, or a UsageError naming the first thing wrong and the way to the help. */
export function parseOptions(command: Command, args: string[]): Values {
  const seeHelp = `see: ${invocation()} ${command.name} --help`;
  for (const arg of args) {
    const name = /^--([^=]+)/.exec(arg)?.[1];
    if (name && command.removed?.[name])
      throw new UsageError(`--${name} is not accepted: ${command.removed[name]}; ${seeHelp}`);
  }
  const options = Object.fromEntries(
    Object.entries(command.options).map(([name, o]) => [name, { type: o.type }]),
  );
  let values: Values;
  try {
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${describeParseError(error, command.name)}; ${seeHelp}`);
  }
  const missing = Object.entries(command.options)
    .filter(([name, o]) => o.required && values[name] === undefined)
    .map(([name]) => `--${name}`);
  if (missing.length > 0) throw new UsageError(`${command.name} needs ${missing.join(', ')}; ${seeHelp}`);
  return values;
}

/** parseArgs' errors in the CLI's words: "unknown option --x for user:create". */
function describeParseError(error: unknown, command: string): string {
  const { code, message } = error as { code?: string; message?: string };
  const quoted = /'([^']+)'/.exec(message ?? '')?.[1] ?? '';
  const option = quoted.split(' ')[0];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option} for ${command}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${quoted} for ${command} (every value follows its --option)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing/.test(message ?? '') ? `${option} needs a value` : `${option} takes no value`;
    default:
      throw error;
  }
}

/** A yes/no option's value: true, false, yes, no, 1, 0; anything else is a usage error. */
export function yesNo(values: Values, name: string): boolean | undefined {
  const value = values[name];
  if (value === undefined || typeof value === 'boolean') return value;
  const v = value.toLowerCase();
  if (['true', 'yes', '1'].includes(v)) return true;
  if (['false', 'no', '0'].includes(v)) return false;
  throw new UsageError(`--${name} takes true or false, not ${value}`);
}

/** A string option's value (parseOptions has checked the type). */
export const text = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

/** The help of one command: usage, options, details. */
export function commandHelp(command: Command): string {
  const usage = Object.entries(command.options).map(([name, o]) => {
    const option = o.type === 'string' ? `--${name} ${o.value ?? 'VALUE'}` : `--${name}`;
    return o.required ? option : `[${option}]`;
  });
  const rows = [
    ...Object.entries(command.options).map(([name, o]): [string, string] => [
      o.type === 'string' ? `--${name} ${o.value ?? 'VALUE'}` : `--${name}`,
      o.help,
    ]),
    ['-h, --help', 'show this help'] as [string, string],
  ];
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    `${command.name}: ${command.summary}`,
    '',
    `Usage: ${invocation()} ${[command.name, ...usage].join(' ')}`,
    ...(command.aliases?.length ? [`Also: ${command.aliases.join(', ')}`] : []),
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    ...(command.details ? ['', command.details] : []),
  ].join('\n');
}

/** Rows as a plain table: columns padded to their widest cell, two spaces apart. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** A URL fit to print: its password, and any query parameter that looks like one, as ***. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    for (const key of [...u.searchParams.keys()])
      if (/pass|secret|key|token/i.test(key)) u.searchParams.set(key, '***');
    return u.toString();
  } catch {
    return '(a URL that does not parse)';
  }
}

/**
 * An error in one line: the message of the innermost error it wraps (Drizzle wraps the driver's "connect
 * ECONNREFUSED" in "Failed query: …" and the whole statement), or its name when it has no message.
 */
export function errorLine(error: unknown): string {
  let inner = error;
  for (let depth = 0; inner instanceof Error && inner.cause instanceof Error && depth < 5; depth++)
    inner = inner.cause;
  if (!(inner instanceof Error)) return String(inner);
  return (inner.message || inner.name).split('\n')[0];
}
