/**
 * A real IMAP server for tests: Debian's dovecot (`dovecot-imapd`) on 127.0.0.1 and a free port, with a config
 * dir, mail dir and passwd-file user of the test's own. Started and stopped by PID; `restart` brings it back on
 * the same port and mail (the server stopping mid-way and coming back).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export const DOVECOT = '/usr/sbin/dovecot';
export const dovecotInstalled = () => existsSync(DOVECOT);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Whether the server greets on the port. */
const greets = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('* OK')));
    socket.connect(port, '127.0.0.1');
  });

/** A system user to run as: root may not run dovecot's processes, so the package's own users stand in. */
function accounts() {
  const me = userInfo();
  if (me.uid !== 0) return { internal: me.username, login: me.username, uid: me.uid, gid: me.gid };
  const id = (name: string) => {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    if (!line) throw new Error(`no system user ${name}: is dovecot-imapd installed?`);
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  };
  const dovecot = id('dovecot');
  return { internal: 'dovecot', login: 'dovenull', uid: dovecot.uid, gid: dovecot.gid };
}

export interface TestImapServer {
  port: number;
  user: string;
  pass: string;
  /** imap://user:pass@127.0.0.1:port/INBOX */
  url: string;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

export async function startDovecot(): Promise<TestImapServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ukds-dovecot-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const who = accounts();
  for (const sub of ['run', 'state', 'mail', 'home']) mkdirSync(path.join(dir, sub), { recursive: true });
  chownSync(path.join(dir, 'mail'), who.uid, who.gid);
  chownSync(path.join(dir, 'home'), who.uid, who.gid);
  const user = 'orders';
  const pass = 'test-imap-password';
  writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${pass}\n`);
  const config = path.join(dir, 'dovecot.conf');
  writeFileSync(
    config,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${dir}/mail/%u
default_internal_user = ${who.internal}
default_login_user = ${who.login}
first_valid_uid = ${who.uid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${who.uid} gid=${who.gid} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
service submission-login {
  inet_listener submission {
    port = 0
  }
}
`,
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    // Its own process group: stopping it ends the imap processes serving open connections too, as a server
    // going away does (the master alone leaves them running).
    child = spawn(DOVECOT, ['-F', '-c', config], { stdio: 'ignore', detached: true });
    for (let i = 0; i < 100; i++) {
      if (await greets(port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`dovecot did not start on port ${port}: see ${dir}/dovecot.log`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running?.pid || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    process.kill(-running.pid, 'SIGKILL');
    await exited;
  };
  await start();
  return {
    port,
    user,
    pass,
    url: `imap://${user}:${pass}@127.0.0.1:${port}/INBOX`,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
  };
}
