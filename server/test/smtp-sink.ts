/** A real SMTP server on 127.0.0.1 (a random port) that keeps every message it receives, for tests. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  received: ReceivedMail[];
  url: string;
  stop(): Promise<void>;
}

/** `onReceived` is called after each message is kept (the bench counts them from another thread). */
export async function startSmtpSink(options: { onReceived?: () => void } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 64 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        options.onReceived?.();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Message-ID header of a raw message. */
export const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

/** The decoded bytes of the base64 attachment named `filename` in a raw MIME message. */
export function attachmentOf(raw: string, filename: string): Buffer | undefined {
  const at =
    raw.indexOf(`filename=${filename}`) >= 0
      ? raw.indexOf(`filename=${filename}`)
      : raw.indexOf(`filename="${filename}"`);
  if (at < 0) return undefined;
  const bodyStart = raw.indexOf('\r\n\r\n', at);
  const bodyEnd = raw.indexOf('\r\n--', bodyStart);
  if (bodyStart < 0 || bodyEnd < 0) return undefined;
  return Buffer.from(raw.slice(bodyStart + 4, bodyEnd).replace(/\s+/g, ''), 'base64');
}
