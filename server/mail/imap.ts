/**
 * Reads the mailbox of IMAP_URL (imaps://user:password@host:993/INBOX): each message not yet done is fetched,
 * stored (services/inbound/receive.ts) and only then marked done, with the `$UkdsDone` keyword (or moved to the
 * folder `?done=` names, for a server that keeps no keywords, such as Microsoft 365). A stop mid-way leaves the
 * message unmarked, read again next time and found a repeat by its Message-ID: nothing is lost nor stored twice.
 * The connection stays open between sweeps in IDLE, and new mail starts a sweep at once; the job runner's sweep
 * every minute catches anything IDLE missed and reconnects after a failure (docs/operations.md).
 */
import { ImapFlow } from 'imapflow';
import { InboundRefused, MAX_INBOUND_BYTES } from '../services/inbound/parse';
import { count, emptyReport, type ReceiveRaw, type SweepReport } from './inbox-folder';

/** The keyword a stored (or refused) message carries. */
export const DONE_KEYWORD = '$UkdsDone';
/** The keyword a refused message carries beside it, for whoever looks in the mailbox. */
export const REFUSED_KEYWORD = '$UkdsRefused';
/** Messages read in one sweep at most; the rest wait for the next (the job runs again at once). */
const SWEEP_LIMIT = 50;

export interface ImapReaderOptions {
  url: string;
  receive: ReceiveRaw;
  log: {
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
}

export interface ImapReader {
  /** Reads what is new; rejects when the mailbox cannot be reached (the job retries with backoff). */
  sweep(): Promise<SweepReport & { more: boolean }>;
  close(): Promise<void>;
}

/** The connection settings of an IMAP URL: host, port, TLS, user, password, mailbox and done folder. */
export function imapSettings(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(u.username),
    pass: decodeURIComponent(u.password),
    mailbox: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'INBOX',
    doneFolder: u.searchParams.get('done') || null,
  };
}

/** A reader of one mailbox, connected on its first sweep. */
export function createImapReader(opts: ImapReaderOptions): ImapReader {
  const settings = imapSettings(opts.url);
  let client: ImapFlow | undefined;
  let running: Promise<SweepReport & { more: boolean }> | undefined;
  let closed = false;

  const connect = async () => {
    if (client?.usable) return client;
    client?.close();
    const fresh = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.pass },
      logger: false,
      // IDLE a second after each sweep (the default waits 15 s), so new mail is read within moments.
      autoIdleDelay: 1000,
      // A server gone silent is noticed within this, not after the OS's TCP timeout.
      socketTimeout: 5 * 60_000,
    });
    fresh.on('error', (error: Error) => opts.log.warn({ err: error }, 'mailbox connection error'));
    // New mail while idling: read it now rather than at the next sweep.
    fresh.on('exists', () => {
      if (!closed) void (running ?? Promise.resolve()).then(sweep).catch(() => undefined);
    });
    await fresh.connect();
    if (settings.doneFolder) {
      await fresh.mailboxCreate(settings.doneFolder).catch(() => undefined);
    }
    client = fresh;
    return fresh;
  };

  const markDone = async (c: ImapFlow, uid: number, refused: boolean) => {
    if (settings.doneFolder) {
      await c.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      await c.messageMove(String(uid), settings.doneFolder, { uid: true });
    } else {
      await c.messageFlagsAdd(String(uid), [DONE_KEYWORD, ...(refused ? [REFUSED_KEYWORD] : [])], {
        uid: true,
      });
    }
  };

  const readOnce = async () => {
    const c = await connect();
    const report = emptyReport();
    const lock = await c.getMailboxLock(settings.mailbox);
    try {
      // The server tells of mail that came since the mailbox was opened (a NOOP's untagged EXISTS); the client
      // answers a search of what it believes an empty mailbox without asking the server.
      await c.noop();
      const found = await c.search(settings.doneFolder ? { all: true } : { unKeyword: DONE_KEYWORD }, {
        uid: true,
      });
      const uids = (found || []).sort((a, b) => a - b);
      for (const uid of uids.slice(0, SWEEP_LIMIT)) {
        const meta = await c.fetchOne(String(uid), { size: true }, { uid: true });
        if (!meta) continue;
        try {
          if ((meta.size ?? 0) > MAX_INBOUND_BYTES) {
            throw new InboundRefused(`message too large: ${meta.size} bytes, at most ${MAX_INBOUND_BYTES}`);
          }
          const message = await c.fetchOne(String(uid), { source: true }, { uid: true });
          const source = message ? message.source : undefined;
          if (!source) continue;
          count(report, await opts.receive(source));
          await markDone(c, uid, false);
        } catch (error) {
          if (!(error instanceof InboundRefused)) throw error;
          opts.log.warn({ uid, reason: error.reason }, 'inbound e-mail refused; marked in the mailbox');
          report.read += 1;
          report.refused.push({ name: `uid ${uid}`, reason: error.reason });
          await markDone(c, uid, true);
        }
      }
      return { ...report, more: uids.length > SWEEP_LIMIT };
    } finally {
      lock.release();
    }
  };

  const sweep = () => {
    // One sweep at a time: IDLE's and the job's wait for each other.
    running ??= readOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    sweep,
    async close() {
      closed = true;
      await running?.catch(() => undefined);
      const c = client;
      client = undefined;
      if (c?.usable) await c.logout().catch(() => c.close());
      else c?.close();
    },
  };
}
