import pg from 'pg';
import { expect, test, type Browser } from '@playwright/test';
import { createOwnedDatabase } from '../../src/server/test/scratch-database';
import { startSmtpSink, type SmtpSink } from '../../src/server/test/smtp-sink';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInWith } from './fixtures';
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
    /** The front desk's browser on this server, in the clinic's zone, signed in as staff. */
    async staffDesk(browser: Browser) {
      const desk = await browser.newContext({
        baseURL: server!.url,
        timezoneId: 'America/New_York',
      });
      const page = await desk.newPage();
      await signInWith(page, { email: DEMO_ACCOUNTS.staff.email, password: DEMO_PASSWORD });
      return { desk, page };
    },
    /** Waits for the first message of the sink that `matches`, decoded, and returns its text. */
    async mail(matches: (text: string) => boolean): Promise<string> {
      let mail: string | undefined;
      await expect
        .poll(
          () => {
            mail = sink!.inbox.map((m) => decodeMail(m.raw)).find(matches);
            return Boolean(mail);
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      return mail!;
    },
  };
}

/**
 * Brings the visit's soonest pending reminder to now, as if the hours before it had passed, so a
 * journey need not wait for it; the outbox worker sends it at its next poll.
 */
export async function reminderDueNow(databaseUrl: string, appointmentId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const moved = await client.query(
      `update outbox set next_attempt_at = now()
       where id = (select id from outbox where appointment_id = $1 and kind = 'appointment.reminder'
                   and status = 'pending' order by due_at limit 1)`,
      [appointmentId],
    );
    expect(moved.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

/** A phone's browser in the patient's zone, for the pages patients open from their mail. */
export const openPhone = (browser: Browser, timezoneId: string) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId,
  });

/** Quoted-printable and folded headers undone, enough to read links and lines. */
export const decodeMail = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
