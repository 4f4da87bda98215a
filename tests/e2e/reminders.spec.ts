import { expect, test } from '@playwright/test';
import { formatDate, formatTime } from '../../src/domain/format';
import { chromiumLaunchOptions } from './fixtures';
import { providerApi, type Visit } from './session-server';
import { openPhone, reminderDueNow, useMailedServer } from './mailed-server';

/**
 * A reminder from the outbox to a real SMTP sink, its Confirm link opened on a phone, and staff
 * seeing the appointment confirmed. The app runs on PostgreSQL so the journey can move the
 * reminder's time to now instead of waiting hours for it.
 */

test.use({ launchOptions: chromiumLaunchOptions });

const env = useMailedServer(70, 'carebook_e2e_reminders');

async function reminderFor(visit: Visit): Promise<string> {
  // The visit is a day or more away: its reminders are due hours from now. Bring the soonest to now.
  await reminderDueNow(env.database.url, visit.id);
  return env.mail(
    (m) => m.includes('This is a reminder of your appointment') && m.includes(visit.token),
  );
}

test('a reminder’s Confirm link confirms on the phone, and staff see it confirmed', async ({
  browser,
}) => {
  const provider = await providerApi(env.server.url);
  const visit = await provider.book(2);
  const mail = await reminderFor(visit);
  expect(mail).toMatch(/\d{1,2}:\d{2} [AP]M Eastern Time/);
  const link = /Confirm that you will come: (\S+)/.exec(mail)![1]!;
  expect(link).toBe(`${env.server.url}/session/?token=${visit.token}&confirm=1`);

  const phone = await openPhone(browser, 'America/Chicago');
  const patientPage = await phone.newPage();
  await patientPage.goto(link);
  const confirm = patientPage.getByRole('button', { name: 'Confirm my appointment' });
  await expect(confirm).toBeFocused();
  await confirm.click();
  await expect(
    patientPage.getByText('Thank you. Your clinic now knows you will come.'),
  ).toBeVisible();
  await expect(patientPage.getByText('Confirmed', { exact: true })).toBeVisible();
  await patientPage.screenshot({ path: 'test-results/e2e/reminder-confirmed-phone.png' });
  await phone.close();

  const { desk, page: staffPage } = await env.staffDesk(browser);
  await staffPage.goto(`/appointments?search=${encodeURIComponent(visit.patient.lastName)}`);
  // The demo data may give the same patient other visits: the row is the one whose first cell
  // starts with the visit's day and time (a row's text runs its cells together, digits and all).
  const when = `${formatDate(visit.start, 'America/New_York')} ${formatTime(visit.start, 'America/New_York')} –`;
  const row = staffPage
    .getByRole('tabpanel')
    .getByRole('row')
    .filter({ hasText: visit.patient.lastName })
    .filter({ has: staffPage.getByRole('cell', { name: when }) });
  await expect(row.locator('[data-slot="badge"]')).toHaveText('Confirmed');
  await staffPage.goto(`/appointments?view=${visit.id}`);
  const details = staffPage.getByRole('dialog');
  await expect(details.locator('[data-slot="badge"]').first()).toHaveText('Confirmed');
  await expect(details.getByText(/Confirmed.*by Patient/)).toBeVisible();
  await desk.close();
});
