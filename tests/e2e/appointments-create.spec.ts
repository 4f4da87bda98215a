import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { MONTH_NAMES } from '../../src/domain/format';
import { chooseFirstTime } from './appointment-dialogs';
import { expect, test } from './fixtures';

interface PaginatedBody {
  data: Array<{
    _id: string;
    date: string;
    duration: number;
    patient: { name: string; email: string; clinic: string };
    staff: { name: string };
    metadata: { status: string; notes: string | null; source: string; type: string };
  }>;
}

/** No serious or critical accessibility problem inside the open dialog. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * Picks the clinic in the wizard's first step. A tap on an option that lands while the list is
 * still opening is ignored (Radix Select's guard against choosing what was under the finger); the
 * list then stays open and hides the dialog, as a second tap would close it for a person.
 */
async function chooseClinic(page: Page, dialog: Locator, name: string) {
  await expect(async () => {
    const option = page.getByRole('option', { name });
    if (!(await option.isVisible())) await dialog.getByRole('combobox', { name: 'Clinic' }).click();
    await option.click({ timeout: 2_000 });
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog.getByRole('combobox', { name: 'Clinic' })).toHaveText(name);
}

/** Chooses the first free time, and reads back the time, date and provider it stands for. */
async function chooseFirstSlot(dialog: Locator) {
  const firstTime = await chooseFirstTime(dialog);
  // "9:00 AM, Dr. Priya Raman" when every agent's times are shown; names may hold commas.
  const [time = '', ...agent] = ((await firstTime.getAttribute('aria-label')) ?? '').split(', ');
  const group = (await dialog.getByRole('radiogroup').getAttribute('aria-label')) ?? '';
  const [, month, day, year] = /(\w+) (\d+), (\d{4})$/.exec(group) ?? [];
  const date = `${String(MONTH_NAMES.indexOf(month as (typeof MONTH_NAMES)[number]) + 1).padStart(2, '0')}/${day!.padStart(2, '0')}/${year}`;
  return { time, date, provider: agent.join(', ') };
}

test('staff create an appointment for a new patient through the three steps', async ({
  page,
  signIn,
}) => {
  // Three steps, a new patient and an accessibility scan per step: more than the default 30 s.
  test.slow();
  const stamp = Date.now().toString(36);
  const patient = {
    first: 'Journey',
    last: `Tester ${stamp}`,
    email: `journey.${stamp}@example.com`,
  };
  const notes = `Booked by the create journey ${stamp}`;
  await signIn(page, 'staff', { next: '/appointments' });

  const dialog = page.getByRole('dialog', { name: 'Create New Appointment' });
  await test.step('the button opens the wizard at step 1', async () => {
    await expect(page.getByRole('button', { name: 'Create Appointment' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Create Appointment' }).click();
    await expect(dialog).toBeVisible();
    const steps = dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await expect(steps).toHaveText([/1\s*Patient/, /2\s*Time Slot/, /3\s*Settings/]);
    await expect(dialog.getByRole('heading', { name: 'Select Patient' })).toBeVisible();
    // Staff of one clinic find it chosen for them.
    await expect(dialog.getByRole('combobox', { name: 'Clinic' })).toHaveText(
      'Riverside Family Clinic',
    );
    await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('nobody matches, so the patient is added right there', async () => {
    await chooseClinic(page, dialog, 'Riverside Family Clinic');
    const search = dialog.getByPlaceholder('Enter patient name or email...');
    await expect(dialog.getByLabel('Patient Search')).toBeVisible();
    await search.fill(`  ${patient.email}  `);
    await search.press('Enter');
    await expect(dialog.getByText('No patients found. Try a different search term.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add new patient' }).click();
    const form = dialog.getByRole('form', { name: 'Add new patient' });
    await expect(form.getByLabel('Email')).toHaveValue(patient.email);
    await form.getByRole('button', { name: 'Add patient' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
    await form.getByLabel('First name').fill(patient.first);
    await form.getByLabel('Last name').fill(patient.last);
    await form.getByLabel('Date of birth (optional)').fill('1986-09-21');
    await form.getByLabel('Phone (optional)').fill('(555) 010-2030');
    await form.getByRole('button', { name: 'Add patient' }).click();
    await expect(form).toBeHidden();
    const info = dialog.getByRole('region', { name: 'Patient Information' });
    await expect(info).toContainText(`Full Name${patient.first} ${patient.last}`);
    await expect(info).toContainText('DOB09/21/1986');
    await expect(info).toContainText('Phone(555) 010-2030');
    await expect(info).toContainText(`Email${patient.email}`);
    await expect(search).toHaveValue(patient.email);
  });

  await test.step('searching finds the patient, by button as well as Enter', async () => {
    const search = dialog.getByPlaceholder('Enter patient name or email...');
    await search.fill(patient.last);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    const row = dialog.getByRole('button', { name: `${patient.first} ${patient.last}` });
    await expect(row).toContainText(patient.email);
    await row.click();
    await expect(search).toHaveValue(patient.email);
    await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  });

  let chosen = { time: '', date: '', provider: '' };
  await test.step('step 2: a time slot, Next waits for it', async () => {
    await expect(dialog.getByRole('heading', { name: 'Select Time Slot' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    chosen = await chooseFirstSlot(dialog);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  });

  await test.step('step 3: notes and the summary', async () => {
    await expect(dialog.getByRole('heading', { name: 'Additional Settings' })).toBeVisible();
    const notesField = dialog.getByLabel('Notes (Optional)');
    await expect(notesField).toHaveAttribute(
      'placeholder',
      'Add any additional notes for this appointment...',
    );
    await expect(notesField).toHaveAttribute('rows', '3');
    await notesField.fill(notes);
    const summary = dialog.getByRole('region', { name: 'Appointment Summary' });
    await expect(summary).toContainText(`Patient${patient.first} ${patient.last}`);
    await expect(summary).toContainText(`Email${patient.email}`);
    await expect(summary).toContainText('ClinicRiverside Family Clinic');
    await expect(summary).toContainText(`Date${chosen.date}`);
    await expect(summary).toContainText(new RegExp(`Time${chosen.time} – \\d{1,2}:\\d{2} [AP]M`));
    await expect(summary).toContainText(`Provider${chosen.provider}`);
    expect(chosen.provider).not.toBe('');
    await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('Create Appointment books it', async () => {
    await dialog.getByRole('button', { name: 'Create Appointment', exact: true }).click();
    await expect(page.getByText('Appointment created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the new appointment is in the paginated list', async () => {
    const res = await page.request.get(
      `/api/appointments/paginated?patientEmail=${encodeURIComponent(patient.email)}`,
    );
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as PaginatedBody;
    expect(body.data).toHaveLength(1);
    const [appointment] = body.data;
    expect(appointment).toMatchObject({
      duration: 30,
      patient: {
        name: `${patient.first} ${patient.last}`,
        email: patient.email,
        clinic: 'riverside',
      },
      metadata: { status: 'BOOKED', notes, source: 'carebook', type: 'custom' },
    });
  });
});

test('on a 375px screen the floating "+" opens the wizard, which fits and scrolls', async ({
  page,
  signIn,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'staff', { next: '/appointments' });
  const res = await page.request.get('/api/clinics/patient?clinic=riverside&keyword=a');
  const [existing] = (await res.json()) as Array<{ email: string }>;

  const fab = page.locator('button[aria-label="Create Appointment"]');
  await expect(fab).toBeVisible();
  // A disabled stand-in is drawn until the wizard's code has loaded, then replaced by the real
  // button: measured between the two, the button is not there to measure.
  await expect(fab).toBeEnabled();
  const box = (await fab.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(375 - 40);
  expect(box.y + box.height).toBeGreaterThan(740 - 40);
  await fab.click();

  const dialog = page.getByRole('dialog', { name: 'Create New Appointment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Select Patient' })).toBeVisible();
  const dialogBox = (await dialog.boundingBox())!;
  expect(dialogBox.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(375);

  await chooseClinic(page, dialog, 'Riverside Family Clinic');
  const search = dialog.getByPlaceholder('Enter patient name or email...');
  await search.fill(existing!.email);
  await search.press('Enter');
  await dialog
    .getByRole('listitem')
    .filter({ hasText: existing!.email })
    .getByRole('button')
    .click();
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();

  // The picker is taller than the screen: the step scrolls, the footer stays in reach.
  await chooseFirstSlot(dialog);
  await expect(dialog.getByRole('button', { name: 'Next', exact: true })).toBeInViewport();
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Additional Settings' })).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: 'Create Appointment', exact: true }),
  ).toBeInViewport();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  // Opening again starts over.
  await fab.click();
  await expect(dialog.getByRole('heading', { name: 'Select Patient' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Clinic' })).toHaveText(
    'Riverside Family Clinic',
  );
  await expect(dialog.getByPlaceholder('Enter patient name or email...')).toHaveValue('');
});

test('the floating "+" is not shown from 768px up', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await signIn(page, 'staff', { next: '/appointments' });
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.locator('button[aria-label="Create Appointment"]')).toBeHidden();
});
