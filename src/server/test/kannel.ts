// A real Kannel for the texts' tests (ADR 050): bearerbox and smsbox from Debian's `kannel`, and
// Kannel's own fake SMSC (`fakesmsc`, package `kannel-extras`) standing in for the phone network.
// One fake SMSC receives every text we send (it prints each); a second, to which no text is ever
// routed, injects the patients' replies, one short-lived fakesmsc per reply.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const FAKESMSC = '/usr/lib/kannel/test/fakesmsc';

/**
 * Waits until `check` stops throwing, asking again every `interval` ms, for at most `timeout`;
 * then throws its last error. Vitest's `vi.waitFor`, without Vitest: the benchmark starts Kannel
 * too.
 */
async function until(
  check: () => unknown,
  { timeout, interval }: { timeout: number; interval: number },
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface KannelPorts {
  admin: number;
  smsbox: number;
  sendsms: number;
  /** The fake SMSC that takes our texts. */
  phones: number;
  /** The fake SMSC replies come in through. */
  replies: number;
}

export const kannelPorts = async (): Promise<KannelPorts> => ({
  admin: await freePort(),
  smsbox: await freePort(),
  sendsms: await freePort(),
  phones: await freePort(),
  replies: await freePort(),
});

/** A text as the fake SMSC printed it: `<from> <to> text <words>`. */
export interface ReceivedText {
  from: string;
  to: string;
  text: string;
}

/** Bytes as fakesmsc prints them: URL-encoded, a space as '+'. */
function printedBytes(data: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    if (data[i] === '%') {
      bytes.push(parseInt(data.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(data[i] === '+' ? 32 : data.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

/**
 * What fakesmsc prints after the type word, as text. UCS-2 travels big-endian; fakesmsc names it
 * `ucs-2` in a whole text, but `data` in the parts of a long one: text of ours never holds a NUL
 * byte in UTF-8, so `data` with one is UCS-2.
 */
function decodedText(type: string, bytes: Buffer): string {
  if (type === 'text') return bytes.toString('utf8');
  const ucs2 = type === 'ucs-2' || (type === 'data' && bytes.includes(0) && bytes.length % 2 === 0);
  return ucs2 ? Buffer.from(bytes).swap16().toString('utf16le') : bytes.toString('utf8');
}

/** A text part's bytes as printed: plain text as it is, anything else URL-encoded. */
const partBytes = (type: string, data: string) =>
  type === 'text' ? Buffer.from(data, 'utf8') : printedBytes(data);

/**
 * One line of fakesmsc's output as a whole text: plain (`text`), UCS-2 (`ucs-2`), or one part of
 * a long text (`udh`, whose header names the text and the part), kept in `parts` until all came;
 * the parts' bytes are joined before they are read.
 */
function receivedText(
  line: string,
  parts: Map<string, Array<{ type: string; bytes: Buffer }>>,
): ReceivedText | null {
  const match = /Got message \d+: <(\S+) (\S+) (.*)>$/.exec(line);
  if (!match) return null;
  const [from, to, rest] = [match[1]!, match[2]!, match[3]!];
  const udh = /^udh (\S+) (\S+) (.*)$/.exec(rest);
  if (!udh) {
    const plain = /^(\S+) (.*)$/.exec(rest);
    if (!plain) return null;
    const [type, data] = [plain[1]!, plain[2]!];
    return { from, to, text: type === 'text' ? data : decodedText(type, printedBytes(data)) };
  }
  // 05 00 03 <reference> <parts> <this part>
  const header = printedBytes(udh[1]!);
  const [reference, total, index] = [header[3]!, header[4]!, header[5]!];
  const key = `${from}/${to}/${reference}`;
  const got = parts.get(key) ?? Array.from<{ type: string; bytes: Buffer }>({ length: total });
  got[index - 1] = { type: udh[2]!, bytes: partBytes(udh[2]!, udh[3]!) };
  parts.set(key, got);
  if (got.some((part) => part === undefined)) return null;
  parts.delete(key);
  const joined = Buffer.concat(got.map((part) => part.bytes));
  return { from, to, text: decodedText(got[0]!.type, joined) };
}

const ADMIN_PASSWORD = 'kannel-admin';
export const KANNEL_USER = { username: 'carebook', password: 'kannel-send' };

function configOf(dir: string, ports: KannelPorts, getUrl: string): string {
  return `
group = core
admin-port = ${ports.admin}
admin-password = ${ADMIN_PASSWORD}
smsbox-port = ${ports.smsbox}
admin-interface = 127.0.0.1
box-allow-ip = 127.0.0.1
log-file = "${dir}/bearerbox.log"
log-level = 1
dlr-storage = internal
sms-resend-freq = 1

group = smsc
smsc = fake
smsc-id = phones
port = ${ports.phones}
connect-allow-ip = 127.0.0.1
denied-smsc-id = replies

group = smsc
smsc = fake
smsc-id = replies
port = ${ports.replies}
connect-allow-ip = 127.0.0.1
allowed-smsc-id = replies

group = smsbox
bearerbox-host = 127.0.0.1
sendsms-port = ${ports.sendsms}
sendsms-interface = 127.0.0.1
log-file = "${dir}/smsbox.log"
log-level = 1
mo-recode = true

group = sendsms-user
username = ${KANNEL_USER.username}
password = ${KANNEL_USER.password}
concatenation = true
max-messages = 10

group = sms-service
keyword = default
catch-all = true
max-messages = 0
get-url = "${getUrl}"
`;
}

const started: ChildProcess[] = [];

function run(command: string, args: string[], onLine?: (line: string) => void): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let rest = '';
  const read = (chunk: Buffer) => {
    rest += chunk.toString('utf8');
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine?.(line);
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function stopChild(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited(child);
}

async function status(ports: KannelPorts): Promise<string> {
  try {
    const res = await fetch(
      `http://127.0.0.1:${ports.admin}/status.txt?password=${ADMIN_PASSWORD}`,
    );
    return await res.text();
  } catch {
    return '';
  }
}

/**
 * Starts bearerbox, smsbox and the receiving fake SMSC, and waits until Kannel says both are
 * connected. `getUrl` is Kannel's sms-service get-url (our inbound endpoint, with its secret).
 */
export async function startKannel(ports: KannelPorts, getUrl: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'carebook-kannel-'));
  const conf = path.join(dir, 'kannel.conf');
  writeFileSync(conf, configOf(dir, ports, getUrl));
  const received: ReceivedText[] = [];
  const bearerbox = run('/usr/sbin/bearerbox', [conf]);
  await until(
    async () => {
      if (!(await status(ports)).includes('Kannel bearerbox')) throw new Error('no bearerbox yet');
    },
    { timeout: 20_000, interval: 50 },
  );
  const smsbox = run('/usr/sbin/smsbox', [conf]);
  const parts = new Map<string, Array<{ type: string; bytes: Buffer }>>();
  const phones = run(
    FAKESMSC,
    ['-H', '127.0.0.1', '-r', String(ports.phones), '-m', '0', 'x'],
    (line) => {
      const text = receivedText(line, parts);
      if (text) received.push(text);
    },
  );
  await until(
    async () => {
      const text = await status(ports);
      if (!/phones\][^\n]*online/.test(text) || !/smsbox:[^\n]*on-line/.test(text)) {
        throw new Error(`Kannel not connected yet:\n${text}`);
      }
    },
    { timeout: 20_000, interval: 50 },
  );

  return {
    sendsmsUrl: `http://127.0.0.1:${ports.sendsms}/cgi-bin/sendsms`,
    received,
    /** The texts that reached `to`. */
    textsTo: (to: string) => received.filter((r) => r.to === to).map((r) => r.text),
    /** A patient's reply, as their phone would send it, through the replies' fake SMSC. */
    async reply(from: string, to: string, text: string) {
      const args = ['-H', '127.0.0.1', '-r', String(ports.replies), '-i', '0.01', '-m', '1'];
      await until(
        async () => {
          let sent = false;
          const injector = run(FAKESMSC, [...args, `${from} ${to} text ${text}`], (line) => {
            if (line.includes('sent message 1')) sent = true;
          });
          // Sent, or gone without sending (Kannel was not listening again yet): then once more.
          await Promise.race([
            exited(injector),
            until(
              () => {
                if (!sent) throw new Error('the reply is not sent yet');
              },
              { timeout: 5_000, interval: 10 },
            ),
          ]);
          // Kannel's fake SMSC takes one client at a time: the next reply connects after this one.
          await stopChild(injector);
          if (!sent) throw new Error('the fake SMSC did not take the reply');
        },
        { timeout: 20_000, interval: 50 },
      );
    },
    async stop() {
      for (const child of [phones, smsbox, bearerbox]) await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type Kannel = Awaited<ReturnType<typeof startKannel>>;
