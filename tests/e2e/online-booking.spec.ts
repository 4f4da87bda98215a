import { expect, test } from '@playwright/test';
import { chromiumLaunchOptions, DEMO_ACCOUNTS } from './fixtures';
import { openOnlineBooking } from './online-booking-setup';
import { providerApi } from './session-server';
import { openPhone, useMailedServer } from './mailed-server';

/**
 * Issue 26's journey: the clinic turns online booking on, a patient holds a time on the booking
 * page on a phone, the confirmation e-mail reaches a real SMTP sink, and its link books the visit
 * and opens the patient's visit page; staff find it in their list. On the way the patient picks
 * a longer visit and looks at a Saturday first: the provider works weekdays, so the page offers
 * the next day with free times.
 */

test.use({ launchOptions: chromiumLaunchOptions });

const DAY_MS = 86_400_000;
const PATIENT_ZONE = 'America/Chicago';

/** The first Saturday at least three days ahead, as YYYY-MM-DD in the patient's zone. */
function nextSaturday(): string {
  for (let days = 3; ; days++) {
    const at = new Date(Date.now() + days * DAY_MS);
    const weekday = at.toLocaleDateString('en-US', { weekday: 'long', timeZone: PATIENT_ZONE });
    if (weekday === 'Saturday') return at.toLocaleDateString('en-CA', { timeZone: PATIENT_ZONE });
  }
}
const env = useMailedServer(76, 'carebook_e2e_online_booking');

test('a time held on the booking page is booked by the e-mailed link, on a phone', async ({
  browser,
}) => {
  const provider = await providerApi(env.server.url);
  // Weekdays only, so a Saturday has no time to offer.
  const weekdays = await provider.api.put('/api/availability', {
    data: {
      timezone: 'America/New_York',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      overrides: [],
    },
  });
  expect(weekdays.ok(), await weekdays.text()).toBe(true);
  const admin = await openOnlineBooking(env.server.url, [30, 60]);

  const phone = await openPhone(browser, PATIENT_ZONE);
  const patientPage = await phone.newPage();
  await patientPage.goto(`${env.server.url}/book-online/riverside`);
  await expect(patientPage.getByRole('heading', { name: 'Book a visit' })).toBeVisible();
  await expect(
    patientPage.getByText(/Times are in your time zone: .*America\/Chicago/),
  ).toBeVisible();
  await patientPage.getByLabel('Provider').selectOption({ label: DEMO_ACCOUNTS.provider.name });
  const lengths = patientPage.getByRole('group', { name: 'Visit length' });
  await expect(lengths.getByRole('radio', { name: '30 minutes' })).toBeChecked();
  await lengths.getByText('1 hour').click();
  await expect(lengths.getByRole('radio', { name: '1 hour' })).toBeChecked();
  const saturday = nextSaturday();
  const day = patientPage.getByLabel('Day');
  await day.fill(saturday);
  const times = patientPage.getByRole('group', { name: 'Free times' });
  await expect(times.getByText(/^No free times on Saturday, /)).toBeVisible();
  const jump = times.getByRole('button', { name: /^Next free day: Monday, / });
  await expect(jump).toBeVisible();
  await patientPage.screenshot({ path: 'test-results/online-booking-no-times-phone.png' });
  await jump.click();
  await expect(times.getByRole('button').first()).toBeVisible();
  const monday = await day.inputValue();
  expect(monday > saturday, `${monday} after ${saturday}`).toBe(true);
  await expect(times).toBeFocused();
  await times.getByRole('button').first().click();
  await expect(patientPage.getByText(/\(1 hour\) with Dr\. Priya Raman/)).toBeVisible();
  await patientPage.getByLabel('First name').fill('Mia');
  await patientPage.getByLabel('Last name').fill('Okafor');
  await patientPage.getByLabel('E-mail').fill('mia.okafor@example.com');
  await patientPage.getByLabel('Phone').fill('(555) 010-7788');
  await patientPage.getByLabel('Date of birth').fill('1990-04-30');
  await patientPage.getByLabel(/I agree/).check();
  await patientPage.screenshot({
    path: 'test-results/online-booking-page-phone.png',
    fullPage: true,
  });
  await patientPage.getByRole('button', { name: 'Hold this time' }).click();
  await expect(patientPage.getByRole('heading', { name: 'Almost booked' })).toBeVisible();
  await expect(patientPage.getByText('mia.okafor@example.com')).toBeVisible();

  const mail = await env.mail((m) => m.includes('Confirm this booking'));
  const link = /Confirm this booking: (\S+)/.exec(mail)![1]!;
  expect(link).toMatch(new RegExp(`^${env.server.url}/book-online/confirm/[A-Za-z0-9_-]{32}$`));

  await patientPage.goto(link);
  await expect(patientPage).toHaveURL(/\/session\/?\?token=/);
  await expect(patientPage.getByText(DEMO_ACCOUNTS.provider.name).first()).toBeVisible();
  await patientPage.screenshot({ path: 'test-results/online-booking-confirmed-phone.png' });

  // Staff see it as an online booking.
  const list = await provider.api.get('/api/appointments', {
    params: { clinic: 'riverside', timezone: 'UTC' },
  });
  expect(list.ok(), await list.text()).toBe(true);
  const listed = (await list.json()) as Array<{
    duration: number;
    patient: { email: string };
    metadata: { source: string };
  }>;
  const booked = listed.find((a) => a.patient.email === 'mia.okafor@example.com');
  expect(booked).toMatchObject({ duration: 60, metadata: { source: 'online' } });

  // The link again shows the same visit; nothing is booked twice.
  const token = link.split('/').at(-1)!;
  const again = await admin.post(`/api/public/holds/${token}/confirm`);
  expect(again.status(), await again.text()).toBe(201);
  await phone.close();
  await admin.dispose();
});
