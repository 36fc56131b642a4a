/**
 * Sends one webhook attempt: the stored body, signed as Standard Webhooks say (the `standardwebhooks`
 * package: `webhook-id`, `webhook-timestamp`, `webhook-signature`), POSTed to the receiver. The host is
 * resolved and checked against the receiver policy at every attempt and the connection pinned to the checked
 * address (services/webhooks/receiver-address.ts). A 2xx answer delivers; anything else fails the attempt:
 * a redirect is not followed, the whole attempt (connecting, the answer's head and its first 2 KB) has
 * DELIVERY_TIMEOUT_MS, and only the first 2 KB of an answer are read, so a slow, huge or garbage answer costs
 * one attempt its time and nothing else.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { AttemptResult, ClaimedDelivery } from '../services/webhooks/delivery';
import {
  type ReceiverAddress,
  type ReceiverPolicy,
  ReceiverRefused,
  type Resolve,
  receiverAddresses,
} from '../services/webhooks/receiver-address';
import { buildInfo } from '../version';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer is read and kept for the delivery log. */
export const ANSWER_KEPT_BYTES = 2048;

/** The `webhook-signature` header: the secret's signature, and the previous secret's while it still signs. */
export function signatureHeader(
  delivery: Pick<
    ClaimedDelivery,
    'messageId' | 'payload' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'
  >,
  at: Date,
): string {
  const secrets = [delivery.secret];
  if (delivery.previousSecret && delivery.previousSecretExpiresAt && delivery.previousSecretExpiresAt > at) {
    secrets.push(delivery.previousSecret);
  }
  return secrets.map((s) => new Webhook(s).sign(delivery.messageId, at, delivery.payload)).join(' ');
}

export interface SenderOptions {
  policy: ReceiverPolicy;
  timeoutMs?: number;
  /** Resolves host names (tests give their own); DNS otherwise. */
  resolve?: Resolve;
}

/** A lookup that answers the one address already checked, whatever Node asks for. */
const pinnedLookup =
  (pinned: ReceiverAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

const USER_AGENT = `ukds-back-office-webhooks/${buildInfo().version}`;

/** Sends one attempt of a claimed delivery and says how it went; never rejects. */
export async function sendAttempt(
  delivery: ClaimedDelivery,
  opts: SenderOptions,
  now: () => Date = () => new Date(),
): Promise<AttemptResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const failed = (error: string, responseStatus: number | null = null, responseBody = ''): AttemptResult => ({
    delivered: false,
    responseStatus,
    latencyMs: latency(),
    responseBody,
    error,
  });
  const signal = AbortSignal.timeout(opts.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  let target: URL;
  let pinned: ReceiverAddress;
  try {
    target = new URL(delivery.url);
    [pinned] = await receiverAddresses(target, opts.policy, opts.resolve);
  } catch (error) {
    return failed(
      error instanceof ReceiverRefused ? error.message : `Not a usable address: ${String(error)}`,
    );
  }
  const body = Buffer.from(delivery.payload);
  const at = now();
  const headers = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    'user-agent': USER_AGENT,
    'webhook-id': delivery.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(delivery, at),
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = client.request(
      target,
      { method: 'POST', headers, lookup: pinnedLookup(pinned), signal, agent: false },
      (response) => {
        const status = response.statusCode ?? 0;
        const head = latency();
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          // As text for the log; a NUL (which PostgreSQL's text refuses) shows as the replacement character.
          const text = Buffer.concat(chunks)
            .subarray(0, ANSWER_KEPT_BYTES)
            .toString('utf8')
            .replaceAll('\0', '\uFFFD');
          response.destroy();
          if (status >= 200 && status < 300) {
            settle({
              delivered: true,
              responseStatus: status,
              latencyMs: head,
              responseBody: text,
              error: null,
            });
          } else if (status >= 300 && status < 400) {
            const where = response.headers.location ? ` to ${response.headers.location}` : '';
            settle({ ...failed(`Redirect${where} not followed.`, status, text), latencyMs: head });
          } else {
            settle({ ...failed(`The receiver answered ${status}.`, status, text), latencyMs: head });
          }
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= ANSWER_KEPT_BYTES) finish();
        });
        response.on('end', finish);
        // The answer's head came: a body cut short (or too slow) still tells the status.
        response.on('error', finish);
      },
    );
    request.on('error', (error) => {
      const timedOut = signal.aborted;
      settle(
        failed(
          timedOut
            ? `No answer within ${(opts.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s.`
            : `Could not reach the receiver: ${(error as NodeJS.ErrnoException).code ?? error.message}.`,
        ),
      );
    });
    request.end(body);
  });
}
