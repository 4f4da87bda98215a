import { expect, request as playwrightRequest, test } from '@playwright/test';
import { createOwnedDatabase } from '../../src/server/test/scratch-database';
import { startSmtpSink, type SmtpSink } from '../../src/server/test/smtp-sink';
import {
  KANNEL_USER,
  startKannel,
  type Kannel,
  type KannelPorts,
} from '../../src/server/test/kannel';
import { chromiumLaunchOptions, DEMO_ACCOUNTS, DEMO_PASSWORD, signInWith } from './fixtures';
import { decodeMail, reminderDueNow } from './mailed-server';
import { providerApi, startSessionServer, type SessionServer } from './session-server';

/**
 * Issue 44's "done": a patient who prefers Spanish, set to texts on their record by the front
 * desk, gets a Spanish text reminder through the real Kannel (bearerbox, smsbox and Kannel's own
 * fake SMSC standing in for the phone network), replies C from the fake SMSC, and the front desk
 * sees "Confirmed" and the reply on the record; STOP stops every text, and the patient's
 * messages go by e-mail again. The app runs its own workers on PostgreSQL, sending every 300 ms;
 * the journey moves the reminder's time to now instead of waiting a day for it.
 */

test.use({ launchOptions: chromiumLaunchOptions });

const BASE = Number(process.env.E2E_PORT ?? 3100) + 94;
const APP = `http://127.0.0.1:${BASE}`;
// Kannel on the ports after the app's, so that a journey stays within its run's range.
const PORTS: KannelPorts = {
  admin: BASE + 1,
  smsbox: BASE + 2,
  sendsms: BASE + 3,
  phones: BASE + 4,
  replies: BASE + 5,
};
const SECRET = 'kannel-inbound-secret-for-the-journey';
const CLINIC_NUMBER = '+12125550199';
const PHONE = '(212) 555-0178';
const NUMBER = '+12125550178';

let database: Awaited<ReturnType<typeof createOwnedDatabase>> | undefined;
let kannel: Kannel | undefined;
let sink: SmtpSink | undefined;
let server: SessionServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await createOwnedDatabase(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'carebook_e2e_texts',
  );
  sink = await startSmtpSink();
  kannel = await startKannel(
    PORTS,
    `${APP}/api/text-messages/kannel/inbound?secret=${SECRET}&from=%p&to=%P&text=%a&id=%I`,
  );
  server = await startSessionServer(BASE, {
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    PUBLIC_URL: APP,
    OUTBOX_POLL_MS: '300',
    TEXT_GATEWAY: 'kannel',
    KANNEL_SENDSMS_URL: kannel.sendsmsUrl,
    KANNEL_USERNAME: KANNEL_USER.username,
    KANNEL_PASSWORD: KANNEL_USER.password,
    KANNEL_INBOUND_SECRET: SECRET,
    TEXT_FROM: CLINIC_NUMBER,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await kannel?.stop();
  await sink?.close();
  await database?.drop();
});

/** The clinic's texts from its own number, at any hour: the journey runs whenever CI does. */
async function textsAtAnyHour() {
  const admin = await playwrightRequest.newContext({ baseURL: APP });
  const login = await admin.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const current = (await (await admin.get('/api/admin/clinics/riverside/policy')).json()) as {
    policy: { reminders: unknown };
  };
  const saved = await admin.put('/api/admin/clinics/riverside/policy', {
    data: {
      reminders: current.policy.reminders,
      texts: {
        quietHoursStart: '00:00',
        quietHoursEnd: '00:00',
        country: 'US',
        sendingNumber: CLINIC_NUMBER,
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await admin.dispose();
}

/** Waits for a text to the patient's phone that `matches`, and returns it. */
async function textArrives(matches: (text: string) => boolean): Promise<string> {
  await expect.poll(() => kannel!.textsTo(NUMBER).some(matches), { timeout: 30_000 }).toBe(true);
  return kannel!.textsTo(NUMBER).find(matches)!;
}

test('a Spanish patient’s text reminder, their C confirming it, and STOP stopping texts', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await textsAtAnyHour();
  const provider = await providerApi(APP);
  // A patient of their own: the demo's have visits of their own, which a C could confirm.
  const created = await provider.api.post('/api/clinics/riverside/patients', {
    data: { firstName: 'Lucía', lastName: 'Ortega', email: 'lucia.ortega@example.com' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const patient = (await created.json()) as { _id: string };
  const book = async (daysAhead: number) => {
    const res = await provider.api.post('/api/appointments', {
      data: {
        date: await provider.firstFreeSlot(daysAhead),
        staff: { id: provider.providerId },
        patient: { id: patient._id, clinic: 'riverside' },
        duration: 30,
        metadata: { source: 'carebook', type: 'custom', status: 'BOOKED' },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { _id: string; token: string };
  };

  // The front desk sets the record: the patient's mobile, Spanish, texts with their consent.
  const desk = await browser.newContext({ baseURL: APP, timezoneId: 'America/New_York' });
  const page = await desk.newPage();
  await signInWith(page, { email: DEMO_ACCOUNTS.staff.email, password: DEMO_PASSWORD });
  await page.goto(`/patients/${patient._id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit / });
  await dialog.getByLabel('Phone').fill(PHONE);
  await dialog.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Español' }).click();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const texts = page.getByRole('region', { name: 'Texts' });
  await texts.getByRole('combobox', { name: 'Send messages by' }).click();
  await page.getByRole('option', { name: 'Text messages' }).click();
  await texts.getByRole('combobox', { name: 'Consent given' }).click();
  await page.getByRole('option', { name: 'Verbal' }).click();
  await texts.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved how the patient gets messages')).toBeVisible();
  await expect(texts.getByText('+1 212-555-0178').or(texts.getByText(NUMBER))).toBeVisible();

  // Booked: the booking's text, in Spanish, reaches the phone through Kannel.
  const visit = await book(2);
  await textArrives((text) => text.includes('queda reservada') && text.includes(visit.token));

  // The day before: the reminder, in Spanish, asks for C.
  await reminderDueNow(database!.url, visit._id);
  const reminder = await textArrives((text) => text.includes('recordatorio'));
  expect(reminder).toMatch(
    new RegExp(
      `^Lucía, recordatorio: su cita en Riverside Family Clinic el .+\\. Responda C para confirmar, R para su enlace\\. ${APP}/session/\\?token=${visit.token}$`,
    ),
  );

  // The patient answers C from their phone; the clinic thanks them in Spanish.
  await kannel!.reply(NUMBER, CLINIC_NUMBER, 'C');
  await textArrives((text) => text.includes('queda confirmada'));

  // The front desk sees the visit confirmed, the reply on the record, the texts delivered.
  await page.reload();
  await expect(texts.getByRole('list', { name: 'Replies' }).getByText('“C”')).toBeVisible();
  await expect(
    texts.getByRole('list', { name: 'Replies' }).getByText(/Confirmed the visit on /),
  ).toBeVisible();
  const sent = texts.getByRole('list', { name: 'Texts sent' });
  await expect(sent.getByRole('listitem').filter({ hasText: 'recordatorio' })).toContainText(
    'Delivered',
  );
  // Every message about the patient in one place, each as it was sent: the reminder among them.
  const reminderMessage = page
    .getByRole('list', { name: 'Messages', exact: true })
    .getByRole('listitem')
    .filter({ hasText: 'Responda C para confirmar' });
  await expect(reminderMessage).toContainText('Text');
  await reminderMessage.getByRole('button', { name: 'View message' }).click();
  const shown = page.getByRole('dialog', { name: 'Text message' });
  await expect(shown).toContainText('Responda C para confirmar');
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();

  await page.goto(`/appointments?view=${visit._id}`);
  const details = page.getByRole('dialog');
  // The details load after the list on a busy machine: a longer wait than the default.
  await expect(details.locator('[data-slot="badge"]').first()).toHaveText('Confirmed', {
    timeout: 20_000,
  });
  await expect(details.getByText(/Confirmed.*by Patient/)).toBeVisible();
  // The appointment's own messages: its booking text among them, in Spanish.
  await expect(
    details
      .getByRole('list', { name: 'Messages', exact: true })
      .getByRole('listitem')
      .filter({ hasText: 'queda reservada' }),
  ).toContainText('Text');

  // STOP: the clinic says so once, in Spanish, and sends no more texts.
  await kannel!.reply(NUMBER, CLINIC_NUMBER, 'STOP');
  await textArrives((text) => text.includes('ya no le enviaremos mensajes'));
  const textsBefore = kannel!.textsTo(NUMBER).length;
  await page.goto(`/patients/${patient._id}`);
  await expect(texts.getByText('Replied STOP', { exact: true })).toBeVisible();
  await expect(
    texts.getByText('The patient replied STOP: no texts can be sent to them.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/texts-record-after-stop.png', fullPage: true });

  // A new booking now reaches the patient by e-mail (planned without a text twin), not by text.
  const next = await book(3);
  await expect
    .poll(() => sink!.inbox.some((m) => decodeMail(m.raw).includes(next.token)), {
      timeout: 30_000,
    })
    .toBe(true);
  expect(kannel!.textsTo(NUMBER)).toHaveLength(textsBefore);
  await desk.close();
  await provider.api.dispose();
});
