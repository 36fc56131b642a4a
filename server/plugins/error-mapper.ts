/**
 * The one place errors become answers: an AppError keeps its code and status, a schema refusal is a 422 with
 * field details (404 for an id in the path that names no record), malformed input a 422, an unavailable
 * database a 503 the client may retry, anything else a logged 500. Every body has the shape `ErrorSchema`
 * declares, with the request id support quotes.
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../domain/contract/session';
import { isDatabaseUnavailable } from '../db/client';
import { AppError, type ErrorCode } from '../errors';

/**
 * The error shape (`ErrorSchema`, which every route declares for its refusals); `request_id` is the id in the
 * logs and the x-request-id header, for support to find.
 */
export const errorBody = (
  requestId: string,
  code: ErrorCode,
  message: string,
  details?: unknown,
): ApiErrorBody =>
  // The shape of `details` per code is ErrorSchema's; answers are checked against it in tests (check mode).
  ({
    error:
      details === undefined
        ? { code, message, request_id: requestId }
        : { code, message, details, request_id: requestId },
  }) as ApiErrorBody;

const SOMETHING_WENT_WRONG = 'Something went wrong on our side.';

/** Sets the app's error handler (fastify-plugin: on the root, so every route's errors come here). */
export const errorMapper = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(request.id, error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(error.validationContext ?? 'body'),
        message: v.message ?? 'Invalid value.',
      }));
      if (error.validationContext === 'params') {
        // A path parameter of the wrong form (an id that is not a positive PostgreSQL integer, a month 13)
        // names no record: 404, as every unreadable path (docs/decisions/api-contract.md).
        return reply.status(404).send(errorBody(request.id, 'not_found', 'No such record.', details));
      }
      return reply
        .status(422)
        .send(errorBody(request.id, 'invalid_input', 'Check the highlighted fields.', details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody(request.id, 'internal', SOMETHING_WENT_WRONG));
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send(errorBody(request.id, 'payload_too_large', 'The upload is too large.'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type and the like are bad input, never a 500.
      return reply.status(422).send(errorBody(request.id, 'invalid_input', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // A dropped connection or an outage: the pool reconnects by itself, so the client may simply retry.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send(
          errorBody(request.id, 'unavailable', 'The service is briefly unavailable. Try again in a moment.'),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(request.id, 'internal', SOMETHING_WENT_WRONG));
  });
});
