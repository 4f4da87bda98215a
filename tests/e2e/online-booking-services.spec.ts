import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { chromiumLaunchOptions } from './fixtures';
import { openOnlineBooking } from './online-booking-setup';
import { providerApi } from './session-server';
import { openPhone, useMailedServer } from './mailed-server';

/**
 * Issue 42's online part: the clinic offers a service online beside its video visit; a patient
 * on a phone chooses it, sees its kind and length, picks a time, reads its instructions before
 * giving their details, and the e-mailed link books that service with its buffers.
 */

test.use({ launchOptions: chromiumLaunchOptions });

const PATIENT_ZONE = 'America/New_York';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const env = useMailedServer(78, 'carebook_e2e_online_services');

test('a patient books a service online, on a phone', async ({ browser }) => {
  const provider = await providerApi(env.server.url);
  const admin = await openOnlineBooking(env.server.url, [30]);
  const clinics = (await (await admin.get('/api/clinics')).json()) as Array<{
    id: string;
    slug: string;
  }>;
  const riverside = clinics.find((c) => c.slug === 'riverside')!;
  const created = await admin.post(`/api/clinics/${riverside.id}/services`, {
    data: {
      name: 'Physiotherapy',
      durations: [45],
      bufferAfterMinutes: 15,
      kind: 'in_person',
      bookableOnline: true,
      instructions: 'Wear loose clothes and bring your referral letter.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const physio = (await created.json()) as { id: string };

  const phone = await openPhone(browser, PATIENT_ZONE);
  const page = await phone.newPage();
  await page.goto(`${env.server.url}/book-online/riverside`);
  const services = page.getByRole('group', { name: 'Choose a service' });
  await expect(services).toBeVisible();
  await expect(services.getByText('In person · 45 minutes')).toBeVisible();
  await expect(page.getByText('Choose a service to see its free times.')).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/online-services-choose-phone.png`, fullPage: true });
  // By keyboard: the first service takes focus, an arrow key moves to the next.
  await page.getByRole('radio', { name: /Video visit/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Physiotherapy/ })).toBeChecked();
  const times = page.getByRole('group', { name: 'Free times' });
  const next = times.getByRole('button', { name: /^Next free day/ });
  await expect(times.getByRole('button').first()).toBeVisible();
  if (await next.isVisible()) await next.click();
  const first = times.getByRole('button').filter({ hasText: /AM|PM/ }).first();
  await first.click();
  await expect(page.getByText(/\(45 minutes\) with Dr\. Priya Raman/)).toBeVisible();
  await expect(page.getByText('Before your visit')).toBeVisible();
  await expect(page.getByText('Wear loose clothes and bring your referral letter.')).toBeVisible();
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('E-mail').fill('mia.physio@example.com');
  await page.getByLabel('Phone').fill('(555) 010-7788');
  await page.getByLabel('Date of birth').fill('1990-04-30');
  await page.getByLabel(/I agree/).check();
  await page.screenshot({ path: `${SHOTS}/online-services-details-phone.png`, fullPage: true });
  // Nothing sticks out sideways at 390 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Hold this time' }).click();
  await expect(page.getByRole('heading', { name: 'Almost booked' })).toBeVisible();
  await expect(page.getByText('Physiotherapy')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/online-services-held-phone.png`, fullPage: true });

  const mail = await env.mail((m) => m.includes('Service: Physiotherapy'));
  const link = /Confirm this booking: (\S+)/.exec(mail)![1]!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/session\/?\?token=/);

  const list = await provider.api.get('/api/appointments', {
    params: { clinic: 'riverside', timezone: 'UTC' },
  });
  expect(list.ok(), await list.text()).toBe(true);
  const listed = (await list.json()) as Array<{
    duration: number;
    serviceId: string | null;
    patient: { email: string };
    metadata: { source: string };
  }>;
  expect(listed.find((a) => a.patient.email === 'mia.physio@example.com')).toMatchObject({
    duration: 45,
    serviceId: physio.id,
    metadata: { source: 'online' },
  });
  await phone.close();
  await admin.dispose();
});
