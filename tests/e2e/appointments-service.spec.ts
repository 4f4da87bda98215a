import { chooseFirstTime, chooseOption as choose } from './appointment-dialogs';
import { createRunPatient } from './booking-api';
import { expect, test } from './fixtures';
import { seriousProblems } from './page-checks';

// Issue 42: an admin sets up a 45-minute physiotherapy session in person with 15 minutes kept
// free after it, books it for a patient from their profile in the create wizard, and finds it
// named on the calendar, in its list and in the details. Each run starts from a fresh demo
// database, where every clinic has only its default service ("Video visit").

test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = process.env.WIZARD_SHOTS_DIR ?? 'test-results/e2e';

test('an admin sets up physiotherapy, books it in the wizard and sees it on the calendar', async ({
  page,
  signIn,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  await signIn(page, 'admin', { next: '/admin/services' });

  await test.step('the admin adds Physiotherapy at Riverside', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible({
      timeout: 15_000,
    });
    await choose(page, page.getByRole('main'), 'Clinic', 'Riverside Family Clinic');
    await page.getByRole('button', { name: 'Add service' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add service' });
    await expect(dialog).toHaveCSS('opacity', '1');
    await dialog.getByLabel('Name').fill('Physiotherapy');
    await dialog.getByRole('checkbox', { name: '45 min', exact: true }).check();
    await dialog.getByRole('checkbox', { name: '30 min', exact: true }).uncheck();
    await dialog.getByLabel('Buffer after (minutes)').fill('15');
    await dialog.getByLabel('Colour').fill('#059669');
    await expect(dialog.getByRole('combobox', { name: 'How it happens' })).toHaveText('In person');
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await expect(page.getByText('Physiotherapy was added')).toBeVisible();
  });

  const { id: patientId, name: patientName, email } = await createRunPatient(page, 'Physio', stamp);

  const wizard = page.getByRole('dialog', { name: 'Create New Appointment' });
  await test.step('from the patient’s profile, the wizard offers the service', async () => {
    await page.goto(`/patients/${patientId}`);
    await page.getByRole('button', { name: 'Book for this patient' }).click();
    await expect(wizard).toBeVisible();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(wizard.getByRole('heading', { name: 'Select Time Slot' })).toBeVisible();
    // The clinic's default service first, with the usual lengths.
    const service = wizard.getByRole('combobox', { name: 'Service' });
    await expect(service).toHaveText('Video visit');
    await expect(service).toHaveAccessibleDescription('Video');
    await choose(page, wizard, 'Service', 'Physiotherapy');
    await expect(service).toHaveAccessibleDescription('In person · 15 min kept free after');
    await expect(wizard.getByRole('combobox', { name: 'Duration' })).toHaveText('45 min');
    await chooseFirstTime(wizard);
    await page.screenshot({ path: `${SHOTS}/wizard-service-1280.png` });
    expect(await seriousProblems(page, '[role="dialog"]')).toEqual([]);
  });

  await test.step('it is booked for 45 minutes', async () => {
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(wizard.getByRole('heading', { name: 'Additional Settings' })).toBeVisible();
    await wizard.getByRole('button', { name: 'Create Appointment' }).click();
    await expect(page.getByText('Appointment created successfully')).toBeVisible();
    await expect(wizard).toBeHidden();
  });

  // The paginated list takes the patient's e-mail as a filter (spec §7); the range list does not.
  const listed = await page.request.get(
    `/api/appointments/paginated?patientEmail=${encodeURIComponent(email)}`,
  );
  expect(listed.status()).toBe(200);
  type Listed = { _id: string; date: string; duration: number; serviceId: string | null };
  const { data } = (await listed.json()) as { data: Listed[] };
  expect(data).toHaveLength(1);
  const [booked] = data;
  expect(booked!.duration).toBe(45);
  expect(booked!.serviceId).not.toBeNull();
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { timezone: string | null };
  };
  const day = await page.evaluate(
    ([date, zone]) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone ?? undefined }).format(new Date(date!)),
    [booked!.date, session.user.timezone] as const,
  );

  await test.step('the calendar marks it with the service and names it', async () => {
    await page.goto(`/calendar?view=day&date=${day}&clinic=riverside`);
    const event = page.locator('[data-service="Physiotherapy"]', { hasText: patientName });
    await expect(event).toBeVisible({ timeout: 15_000 });
    await expect(event).toHaveAttribute('title', /Physiotherapy$/);
    await event.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/calendar-service-1280.png` });

    await page.goto(`/calendar?view=list&date=${day}&clinic=riverside`);
    const row = page.getByRole('listitem').filter({ hasText: patientName });
    await expect(row.getByTestId('service-label')).toHaveText('Service: Physiotherapy');
  });

  await test.step('the details and the list name it', async () => {
    // The list narrowed to this patient, with the details open over it.
    await page.goto(`/appointments?patientEmail=${encodeURIComponent(email)}&view=${booked!._id}`);
    const details = page.getByRole('dialog');
    await expect(details.getByRole('heading', { name: patientName })).toBeVisible({
      timeout: 20_000,
    });
    await expect(details.getByTestId('service-label')).toHaveText('Service: Physiotherapy');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(patientName) });
    await expect(row.getByTestId('service-label')).toHaveText('Service: Physiotherapy');
  });

  await test.step('on a phone: the wizard’s step 2 and the calendar fit', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/patients/${patientId}`);
    await page.getByRole('button', { name: 'Book for this patient' }).click();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await choose(page, wizard, 'Service', 'Physiotherapy');
    await expect(wizard.getByRole('combobox', { name: 'Duration' })).toHaveText('45 min');
    await expect(
      wizard
        .getByRole('radio')
        .first()
        .or(wizard.getByText(/^Next available/)),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/wizard-service-390.png` });
    await wizard
      .locator('div.overflow-y-auto')
      .first()
      .evaluate((el) => el.scrollTo(0, 9999));
    await page.screenshot({ path: `${SHOTS}/wizard-service-390-bottom.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.keyboard.press('Escape');
    await expect(wizard).toBeHidden();

    await page.goto(`/calendar?view=day&date=${day}&clinic=riverside`);
    const event = page.locator('[data-service="Physiotherapy"]', { hasText: patientName });
    await expect(event).toBeVisible({ timeout: 15_000 });
    await event.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/calendar-service-390.png` });
  });
});
