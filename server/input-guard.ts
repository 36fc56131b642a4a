/**
 * Refuses text that PostgreSQL cannot store before any route sees it: a NUL character (text and jsonb
 * columns reject it, which was a 500) and a lone UTF-16 surrogate (not Unicode; it cannot be encoded as
 * UTF-8 faithfully); and data nested deeper than any call needs (walked, it overflowed the stack). One
 * hook for every route: a bad body or query is 422 naming the field, a bad path 400.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a NUL or a lone surrogate. */
export function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Text made storable: NULs dropped, lone surrogates replaced (for names we keep, such as upload names). */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');
}

/**
 * How deep a body or query may nest. No call of the API nests deeper than 6 (a storefront order's items'
 * orderable); 32 leaves room and stops a body of 10,000 nested arrays, which is valid JSON, before it is
 * walked (here, or by anything after this hook) into a stack overflow: a 500 for bad input.
 */
export const MAX_DEPTH = 32;

const UNSTORABLE = 'Text may not contain NUL characters or unpaired surrogates.';
const TOO_DEEP = `Data may not be nested more than ${MAX_DEPTH} levels deep.`;

/** What is wrong with a parsed value: where (keys joined by '.') and why. */
export type BadInput = { field: string; message: string };

/**
 * The first string or key in a parsed value that is unstorable, or the first value nested deeper than
 * MAX_DEPTH, if any. `path` is the walk's own stack of keys, copied only when something is found.
 */
export function findBadInput(value: unknown, path: string[] = []): BadInput | undefined {
  if (typeof value === 'string') {
    return isUnstorableText(value) ? { field: path.join('.'), message: UNSTORABLE } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (path.length >= MAX_DEPTH) return { field: path.join('.'), message: TOO_DEEP };
  const entries: Iterable<[string | number, unknown]> = Array.isArray(value)
    ? value.entries()
    : Object.entries(value);
  for (const [key, item] of entries) {
    path.push(String(key));
    const found =
      typeof key === 'string' && isUnstorableText(key)
        ? { field: path.join('.'), message: UNSTORABLE }
        : findBadInput(item, path);
    path.pop();
    if (found !== undefined) return found;
  }
  return undefined;
}

function check(request: FastifyRequest) {
  const inPath = findBadInput(request.params);
  if (inPath !== undefined) {
    // A path that cannot be read names no record: 404, as every unreadable path (docs/decisions/api-contract.md).
    throw new AppError('not_found', `The path is not valid: ${inPath.message}`, [
      { field: inPath.field || 'path', message: inPath.message },
    ]);
  }
  for (const part of [request.query, request.body]) {
    const found = findBadInput(part);
    if (found !== undefined) {
      throw new AppError('invalid_input', 'Check the highlighted fields.', [
        { field: found.field || (part === request.body ? 'body' : 'query'), message: found.message },
      ]);
    }
  }
}

/** Registers the check for every route (preValidation: the body is parsed, the schemas have not run). */
export const inputGuard = fp(async (app) => {
  app.addHook('preValidation', async (request) => check(request));
});
