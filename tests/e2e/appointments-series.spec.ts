import type { Page } from '@playwright/test';
import { chooseFirstTime } from './appointment-dialogs';
import { createRunPatient } from './booking-api';
import { expect, test } from './fixtures';

const origin = (page: Page) => new URL(page.url()).origin;

test('staff book a weekly series of six, skipping the one date that is taken', async ({
  page,
  signIn,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  await signIn(page, 'staff', { next: '/appointments' });

  const patient = await createRunPatient(page, 'Series', stamp);

  const dialog = page.getByRole('dialog', { name: 'Create New Appointment' });
  await page.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(dialog).toBeVisible();
  const search = dialog.getByPlaceholder('Enter patient name or email...');
  await search.fill(patient.email);
  await search.press('Enter');
  await dialog.getByRole('button', { name: `Series Journey ${stamp}` }).click();
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await chooseFirstTime(dialog);
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Additional Settings' })).toBeVisible();

  let body: Record<string, unknown> = {};
  let conflict = { date: '', row: 0 };
  let free = 0;
  await test.step('a weekly repeat previews six dates with their status', async () => {
    await expect(dialog.getByRole('combobox', { name: 'Repeat' })).toHaveValue('none');
    const previewed = page.waitForResponse(
      (r) => r.url().includes('/api/appointments/series?preview=true') && r.ok(),
    );
    await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption({ label: 'Weekly' });
    const response = await previewed;
    body = response.request().postDataJSON() as Record<string, unknown>;
    const preview = (await response.json()) as {
      occurrences: Array<{ date: string; status: string }>;
    };
    // The demo data may already hold some of these times: count what is free now.
    free = preview.occurrences.filter((o) => o.status === 'free').length;
    expect(free).toBeGreaterThanOrEqual(2);
    const index = preview.occurrences.findLastIndex((o) => o.status === 'free');
    conflict = { date: preview.occurrences[index]!.date, row: index + 1 };
    expect(body.recurrence).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=6' });
    const rows = dialog.getByRole('table', { name: 'Occurrences' }).getByRole('row');
    await expect(rows).toHaveCount(7);
    await expect(dialog.getByText(`${free} of 6 will be booked`)).toBeVisible();
  });

  await test.step('someone books a free date meanwhile; the preview says so', async () => {
    const { recurrence: _r, skip: _s, ...single } = body;
    const other = await page.request.post('/api/appointments', {
      data: { ...single, date: conflict.date, startTime: conflict.date, endTime: conflict.date },
      headers: { origin: origin(page) },
    });
    expect(other.status(), await other.text()).toBe(201);
    // Another count and back again asks the server afresh.
    await dialog.getByLabel('Number of occurrences').fill('5');
    await dialog.getByLabel('Number of occurrences').fill('6');
    const rows = dialog.getByRole('table', { name: 'Occurrences' }).getByRole('row');
    await expect(rows.nth(conflict.row)).toContainText('Taken');
    await expect(rows.nth(conflict.row).getByRole('checkbox')).toBeDisabled();
    await expect(rows.nth(conflict.row).getByRole('checkbox')).not.toBeChecked();
    await expect(dialog.getByText(`${free - 1} of 6 will be booked`)).toBeVisible();
  });

  await test.step('Create Appointment books the free ones and skips the rest', async () => {
    const booked = page.waitForResponse(
      (r) => r.url().endsWith('/api/appointments/series') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create Appointment', exact: true }).click();
    const response = await booked;
    expect(response.status()).toBe(201);
    const result = (await response.json()) as {
      seriesId: string;
      created: Array<{ _id: string }>;
      skipped: Array<{ date: string; reason: string }>;
    };
    expect(result.created).toHaveLength(free - 1);
    expect(result.skipped).toHaveLength(6 - (free - 1));
    expect(result.skipped.every((s) => s.reason === 'taken')).toBe(true);
    await expect(page.getByText(`${free - 1} appointments created`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto(`/appointments?view=${result.created[1]!._id}`);
    const details = page.getByRole('dialog');
    await expect(details.getByText(`Part of a series: 2 of ${free - 1}`)).toBeVisible();
    await expect(details.getByRole('region', { name: 'Series' }).getByRole('link')).toHaveCount(
      free - 2,
    );
  });
});
