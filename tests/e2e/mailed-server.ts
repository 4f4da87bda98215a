import { test } from '@playwright/test';
import { createOwnedDatabase } from '../../src/server/test/scratch-database';
import { startSmtpSink, type SmtpSink } from '../../src/server/test/smtp-sink';
import { startSessionServer, type SessionServer } from './session-server';

type OwnedDatabase = Awaited<ReturnType<typeof createOwnedDatabase>>;

/**
 * For a journey that follows an e-mail: the built app on a PostgreSQL database of its own (so the
 * journey can read or move rows), sending through a real SMTP sink every 300 ms. Registers the
 * spec's beforeAll/afterAll; the getters are valid inside its tests.
 */
export function useMailedServer(portOffset: number, databasePrefix: string) {
  const port = Number(process.env.E2E_PORT ?? 3100) + portOffset;
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let server: SessionServer | undefined;
  let database: OwnedDatabase | undefined;
  let sink: SmtpSink | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    sink = await startSmtpSink();
    database = await createOwnedDatabase(adminUrl, databasePrefix);
    server = await startSessionServer(port, {
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OUTBOX_POLL_MS: '300',
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await sink?.close();
  });

  return {
    get server() {
      return server!;
    },
    get database() {
      return database!;
    },
    get sink() {
      return sink!;
    },
  };
}

/** Quoted-printable and folded headers undone, enough to read links and lines. */
export const decodeMail = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
