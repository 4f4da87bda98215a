import { expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from './fixtures';
import { providerApi } from './session-server';
import { openPhone, useMailedServer } from './mailed-server';

/**
 * Issue 22's journey: staff cancel a visit, the waiting patient gets the offer by e-mail (a real
 * SMTP sink), accepts it on a phone, and staff find the new appointment in the list.
 */

test.use({ launchOptions: chromiumLaunchOptions });

const DAY_MS = 86_400_000;
const env = useMailedServer(72, 'carebook_e2e_waitlist');

test('a cancelled time is offered by e-mail, accepted on a phone, and staff see the booking', async ({
  browser,
}) => {
  const provider = await providerApi(env.server.url);
  const visit = await provider.book(2, 0);
  const waiting = provider.patients[1]!;
  const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
  const entry = await provider.api.post('/api/waitlist', {
    data: {
      clinic: 'riverside',
      patientId: waiting._id,
      providerId: null,
      duration: 30,
      windowFrom: day(-1),
      windowTo: day(10),
      priority: 'urgent',
      notes: 'Wants the first free time',
    },
  });
  expect(entry.status(), await entry.text()).toBe(201);

  const cancelled = await provider.api.post(`/api/appointments/${visit.id}?action=cancel`, {
    data: { reason: 'Patient is travelling' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  const mail = await env.mail((m) => m.includes('A time has become free'));
  const link = /Accept or decline this time: (\S+)/.exec(mail)![1]!;
  expect(link).toMatch(new RegExp(`^${env.server.url}/offer/[A-Za-z0-9_-]{32}$`));

  const phone = await openPhone(browser, 'America/Chicago');
  const patientPage = await phone.newPage();
  await patientPage.goto(link);
  await expect(patientPage.getByRole('heading', { name: 'A time is free for you' })).toBeVisible();
  await expect(patientPage.getByText(/your time zone: Central Time/)).toBeVisible();
  await patientPage.screenshot({ path: 'test-results/e2e/waitlist-offer-phone.png' });
  await patientPage.getByRole('button', { name: 'Accept' }).click();
  await expect(
    patientPage.getByRole('heading', { name: 'This time is booked for you' }),
  ).toBeVisible();
  await expect(patientPage.getByRole('link', { name: 'Open your appointment' })).toBeVisible();
  await patientPage.screenshot({ path: 'test-results/e2e/waitlist-accepted-phone.png' });
  await phone.close();

  const { desk, page: staffPage } = await env.staffDesk(browser);
  await staffPage.goto(`/appointments?search=${encodeURIComponent(waiting.lastName)}`);
  const row = staffPage
    .getByRole('tabpanel')
    .locator('tr, li')
    .filter({ hasText: waiting.lastName })
    .first();
  await expect(row).toBeVisible();
  await expect(row.locator('[data-slot="badge"]')).toHaveText('Booked');

  // The cancelled visit says to whom its time went; the waitlist and the dashboard count it.
  await staffPage.goto(`/appointments?view=${visit.id}`);
  await expect(
    staffPage
      .getByRole('dialog')
      .getByText(new RegExp(`Offered to ${waiting.firstName}.*accepted and booked`)),
  ).toBeVisible();
  await staffPage.goto('/waitlist?status=booked');
  await expect(
    staffPage.getByTestId('waitlist-entry').filter({ hasText: waiting.lastName }),
  ).toBeVisible();
  await staffPage.screenshot({ path: 'test-results/e2e/waitlist-page.png', fullPage: true });
  await staffPage.goto('/dashboard');
  await expect(staffPage.getByTestId('waitlist-filled')).toContainText('1');
  await desk.close();
});

test('staff add a patient to the waitlist by searching, as in the booking wizard', async ({
  browser,
}) => {
  const { desk, page } = await env.staffDesk(browser);
  await page.getByRole('link', { name: 'Waitlist' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to waitlist' }).click();
  const dialog = page.getByRole('dialog');
  const clinic = dialog.getByRole('combobox', { name: 'Clinic' });
  if (await clinic.isVisible()) {
    await clinic.click();
    await page.getByRole('option', { name: 'Riverside Family Clinic' }).click();
  }
  const provider = await providerApi(env.server.url);
  const patient = provider.patients[2]!;
  await dialog.getByLabel('Patient Search').fill(patient.lastName);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await dialog.getByRole('button').filter({ hasText: patient.lastName }).first().click();
  await expect(dialog.getByTestId('waitlist-patient')).toContainText(patient.lastName);
  await dialog.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await dialog.getByLabel('Morning (before 12:00 PM)').check();
  await page.screenshot({ path: 'test-results/e2e/waitlist-add-dialog.png' });
  await dialog.getByRole('button', { name: 'Add to waitlist' }).click();
  await expect(dialog).toBeHidden();
  const entry = page.getByTestId('waitlist-entry').filter({ hasText: patient.lastName });
  await expect(entry).toContainText('Urgent');
  await expect(entry).toContainText('Any provider');
  await entry.getByRole('button', { name: 'Remove' }).click();
  await expect(entry).toBeHidden();
  await desk.close();
});
