/**
 * Refuses text that PostgreSQL cannot store before any route sees it: a NUL character (text and jsonb
 * columns reject it, which was a 500) and a lone UTF-16 surrogate (not Unicode; it cannot be encoded as
 * UTF-8 faithfully). One hook for every route: a bad body or query is 422 naming the field, a bad path 400.
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

/** The path (keys joined by '.') of the first string or key in a parsed value that is unstorable, if any. */
export function findUnstorableText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isUnstorableText(value) ? path.join('.') : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = [...path, key];
      if (isUnstorableText(key)) return here.join('.');
      const found = findUnstorableText(item, here);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const MESSAGE = 'Text may not contain NUL characters or unpaired surrogates.';

function check(request: FastifyRequest) {
  const inPath = findUnstorableText(request.params);
  if (inPath !== undefined) {
    throw new AppError('bad_request', `The path is not valid: ${MESSAGE}`, [
      { field: inPath || 'path', message: MESSAGE },
    ]);
  }
  for (const part of [request.query, request.body]) {
    const field = findUnstorableText(part);
    if (field !== undefined) {
      throw new AppError('invalid_input', 'Check the highlighted fields.', [
        { field: field || (part === request.body ? 'body' : 'query'), message: MESSAGE },
      ]);
    }
  }
}

/** Registers the check for every route (preValidation: the body is parsed, the schemas have not run). */
export const inputGuard = fp(async (app) => {
  app.addHook('preValidation', async (request) => check(request));
});
