import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent: headers, and parts in their transfer encoding. */
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  /** Everything accepted so far, oldest first; empty it between tests. */
  inbox: ReceivedMail[];
  /** While true, every message is refused as a mail server would refuse it. */
  refuse: boolean;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (or the one given) that keeps what it receives; `sink`,
 * when given, is the object it fills in and answers.
 */
export async function startSmtpSink(
  port = 0,
  sink: SmtpSink = { url: '', port: 0, inbox: [], refuse: false, close: async () => {} },
): Promise<SmtpSink> {
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (sink.refuse) return callback(new Error('Mailbox unavailable'));
        sink.inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}

/**
 * A sink for the test file: listening before its tests (call it before the app that sends to it
 * is built) and closed after them. Its url and port are known once the file's set-up has run.
 */
export function useSmtpSink(): SmtpSink {
  const sink: SmtpSink = { url: '', port: 0, inbox: [], refuse: false, close: async () => {} };
  beforeAll(() => startSmtpSink(0, sink));
  afterAll(() => sink.close());
  return sink;
}

/** Quoted-printable soft breaks and folded headers undone, enough to read links and lines. */
export const unfoldMail = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]/g, ' ');
