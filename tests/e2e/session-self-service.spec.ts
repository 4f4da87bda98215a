import { readFileSync } from 'node:fs';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import ical from 'node-ical';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInWith } from './fixtures';
import { providerApi, startSessionServer, type SessionServer } from './session-server';

/**
 * The patient changes their own visit from the link, on a phone: moves it with the slot picker
 * (by keyboard), cancels it with a reason, and downloads the .ics; after the clinic's cut-off the
 * page says why and gives the clinic's number instead.
 */

test.use({
  timezoneId: 'America/Chicago',
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
});

const PORT = Number(process.env.E2E_PORT ?? 3100) + 70;
const CLINIC_PHONE = '(555) 010-2030';

let server: SessionServer | undefined;
let provider: Awaited<ReturnType<typeof providerApi>>;
let admin: APIRequestContext | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startSessionServer(PORT);
  provider = await providerApi(server.url);
  admin = await playwrightRequest.newContext({ baseURL: server.url });
  const login = await admin.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const current = await (await admin.get('/api/admin/clinics/riverside/policy')).json();
  const saved = await admin.put('/api/admin/clinics/riverside/policy', {
    data: {
      reminders: current.policy.reminders,
      selfService: { ...current.policy.selfService, phone: CLINIC_PHONE },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
});

test.afterAll(async () => {
  await admin?.dispose();
  await provider?.api.dispose();
  await server?.stop();
});

test.describe('patient self-service', () => {
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });

  test('moves a visit with the slot picker, by keyboard; the same link shows the new time', async ({
    page,
  }) => {
    const visit = await provider.book(3, 4);
    await page.goto(`/session/?token=${visit.token}`);
    await expect(page.getByRole('heading', { name: `Hello ${visit.firstName}` })).toBeVisible();
    await expect(page.getByText(/^Online changes are possible until /)).toBeVisible();

    await page.getByRole('button', { name: 'Reschedule' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Pick a new time' })).toBeVisible();
    await expect(
      page.getByText(/^Free times with .* in your time zone: Central .* \(America\/Chicago\)\.$/),
    ).toBeVisible();
    const firstTime = page.getByRole('group').first().getByRole('button').first();
    await expect(firstTime).toBeVisible();
    const label = (await firstTime.textContent())!;
    await firstTime.focus();
    await page.keyboard.press('Enter');
    await expect(firstTime).toHaveAttribute('aria-pressed', 'true');
    const moveButton = page.getByRole('button', { name: /^Move to / });
    await expect(moveButton).toContainText(label);
    await page.screenshot({ path: 'test-results/self-service-picker.png', fullPage: true });
    await moveButton.click();
    await expect(page.getByText(/^Your appointment was moved to /)).toBeVisible();

    const details = await (await provider.api.get(`/api/appointments/${visit.id}`)).json();
    expect(details.date).not.toBe(visit.start);
    expect(details.token).toBe(visit.token);
    expect(details.statusHistory.at(-1)).toMatchObject({ type: 'RESCHEDULE', by: 'Patient' });
    const newTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
    })
      .formatToParts(new Date(details.date))
      .map((p) => (p.type === 'literal' ? p.value.replace(/\s/g, ' ') : p.value))
      .join('');
    await page.reload();
    await expect(page.getByText(new RegExp(`^${newTime} – `))).toBeVisible();
    await page.screenshot({ path: 'test-results/self-service-moved.png', fullPage: true });
  });

  test('cancels a visit after a confirmation, with a reason; the page then says so', async ({
    page,
  }) => {
    const visit = await provider.book(4, 5);
    await page.goto(`/session/?token=${visit.token}`);
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(page.getByRole('heading', { name: 'Cancel this appointment?' })).toBeVisible();
    await page.getByLabel('Reason (optional)').fill('Feeling better');
    await page.getByRole('button', { name: 'Yes, cancel my appointment' }).click();
    await expect(page.getByText('This appointment was cancelled.')).toBeVisible();
    await expect(page.getByText(/Reason: Feeling better/)).toBeVisible();
    await expect(page.getByText(/To book again, please call Riverside/)).toBeVisible();
    await expect(page.getByRole('link', { name: CLINIC_PHONE })).toHaveAttribute(
      'href',
      'tel:5550102030',
    );
    await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/self-service-cancelled.png', fullPage: true });
    const details = await (await provider.api.get(`/api/appointments/${visit.id}`)).json();
    expect(details.statusHistory.at(-1)).toMatchObject({ type: 'CANCELLED', by: 'Patient' });
  });

  test('downloads the .ics, and offers Google and Outlook', async ({ page }) => {
    const visit = await provider.book(5, 6);
    await page.goto(`/session/?token=${visit.token}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('appointment.ics');
    const file = readFileSync((await download.path())!, 'utf8');
    const [event] = Object.values(ical.sync.parseICS(file)).filter((c) => c?.type === 'VEVENT');
    expect((event as ical.VEvent).start.toISOString()).toBe(visit.start);
    expect((event as ical.VEvent).uid).toBe(`${visit.id}@carebook`);
    await expect(page.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\/calendar\/render\?/,
    );
    await expect(page.getByRole('link', { name: 'Outlook' })).toHaveAttribute(
      'href',
      /^https:\/\/outlook\.live\.com\//,
    );
  });

  test('after the cut-off the page says why and gives the clinic’s number', async ({ page }) => {
    const visit = await provider.book(0, 7);
    await page.goto(`/session/?token=${visit.token}`);
    await expect(
      page.getByText(
        /^Online changes close 24 hours before the visit\. To have your appointment moved or cancelled now/,
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: CLINIC_PHONE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/self-service-cutoff.png', fullPage: true });
  });

  test('an admin closes online moves at Admin → Clinics, and the patient page follows', async ({
    page,
    browser,
  }) => {
    const visit = await provider.book(6, 8);
    const adminPage = await browser.newPage({
      baseURL: `http://127.0.0.1:${PORT}`,
      viewport: { width: 1280, height: 900 },
    });
    await signInWith(
      adminPage,
      { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
      '/admin/clinics/riverside',
    );
    const form = adminPage.getByRole('form', { name: 'Online changes by patients' });
    await expect(form.getByLabel('Clinic phone for patients')).toHaveValue(CLINIC_PHONE);
    await form.getByLabel('Patients may reschedule online').uncheck();
    await form.getByRole('button', { name: 'Save online changes' }).click();
    await expect(adminPage.getByText('Online changes saved.')).toBeVisible();
    await adminPage.screenshot({ path: 'test-results/self-service-admin.png', fullPage: true });
    await adminPage.close();

    await page.goto(`/session/?token=${visit.token}`);
    await expect(
      page.getByText(
        'Your clinic does not take online changes. To have your appointment moved, please call the clinic.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toBeVisible();
  });
});
