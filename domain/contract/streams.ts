/**
 * Answers that are not JSON: files (attachments as stored, the cover letter PDF) and the live-update stream.
 * They are described here for the OpenAPI document; the serializer never sees them (a stream or a buffer is
 * sent as it is, and the event stream writes to the socket itself).
 */
import { z } from 'zod';

/**
 * A file's bytes, in the content type it was stored with: on the server a buffer or a stream (typed here so a
 * route may send either), in the OpenAPI document a binary string.
 */
export const FileBodySchema = z
  .custom<Uint8Array | { pipe: unknown }>()
  .meta({ type: 'string', format: 'binary', description: 'The file as stored.' });

/**
 * GET /events: server-sent events. `event: change` with `data: {"topic", "id"}` (a hint to refetch what shows
 * that record), `event: resync` (hints may have been missed: refetch everything), comment lines as
 * keep-alives; the stream ends with the session.
 */
export const EventStreamSchema = z.string().meta({
  description:
    'Server-sent events: `event: change` with `data: {"topic": "…", "id": …}`, `event: resync` with ' +
    '`data: {}`, and `: keep-alive` comment lines every 25 s.',
});
