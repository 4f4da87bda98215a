import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator } from '@playwright/test';
import { chooseFirstTime, openDetails } from './appointment-dialogs';
import { expect, test } from './fixtures';

interface Listed {
  _id: string;
  date: string;
  token: string;
  patient: { name: string; clinic: string };
  staff: { id: string; name: string };
  metadata: { status: string };
  statusHistory: Array<{ type: string }>;
}

/** How many entries of a kind the appointment's history held when it was picked. */
const entriesOf = (appointment: Listed, type: string) =>
  appointment.statusHistory.filter((entry) => entry.type === type).length;

/** An appointment in a count bucket, picked through the API so journeys do not collide. */
async function pick(request: APIRequestContext, bucket: string, index: number): Promise<Listed> {
  const res = await request.get(
    `/api/appointments/paginated?status=${bucket}&limit=60&timezone=America/New_York`,
  );
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: Listed[] };
  const open = data.filter((a) => ['BOOKED', 'SCHEDULED', 'CONFIRMED'].includes(a.metadata.status));
  expect(open.length).toBeGreaterThan(index);
  return open[index]!;
}

test.beforeEach(() => test.slow());

/** The first offered time; on a full day, the picker's jump to the next day with times. */
const chooseFirstOfferedTime = (dialog: Locator) =>
  // The times' own group: a visit of a series also has "Apply to" radios, the first one checked.
  chooseFirstTime(dialog, dialog.getByRole('radiogroup'));

test('View Details shows the appointment, deep-linked through ?view=', async ({ page, signIn }) => {
  await signIn(page, 'staff');
  const appointment = await pick(page.request, 'upcoming', 1);
  await page.goto('/appointments?status=upcoming');
  await expect(page.getByRole('button', { name: /^View Details/ }).first()).toBeVisible({
    timeout: 20_000,
  });
  await page
    .getByRole('button', { name: `View Details for ${appointment.patient.name}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`view=${appointment._id}`));

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: appointment.patient.name })).toBeVisible();
  await expect(dialog.getByText('RIVERSIDE', { exact: true })).toBeVisible();
  for (const heading of ['Summary', 'Patient', 'Provider', 'Activity']) {
    await expect(dialog.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(dialog.getByText(/^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day, /)).toBeVisible();
  await expect(dialog.getByText('Staff ID')).toBeVisible();
  await expect(dialog.getByText(appointment.staff.name).first()).toBeVisible();
  await expect(dialog.getByText('Appointment was successfully booked')).toBeVisible();
  const link = `${new URL(page.url()).origin}/session/?token=${appointment.token}`;
  await expect(dialog.getByLabel('Session URL')).toHaveValue(link);
  await expect(dialog.getByRole('link', { name: 'Open in New Tab' })).toHaveAttribute('href', link);

  await page.reload();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: appointment.patient.name }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/view=/);
});

test('Copy Link copies the session link and reads "Copied!" for 2 seconds', async ({
  page,
  context,
  signIn,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, 'staff');
  const appointment = await pick(page.request, 'upcoming', 2);
  const dialog = await openDetails(page, appointment);

  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(page.getByText('Meeting link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/session/?token=${appointment.token}`,
  );
  await expect(dialog.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 3000 });
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toHaveCount(0);
});

test('a past appointment is marked as completed', async ({ page, signIn }) => {
  await signIn(page, 'staff');
  const appointment = await pick(page.request, 'pending', 0);
  const dialog = await openDetails(page, appointment);
  for (const name of ['Reschedule', 'Reassign', 'Cancel']) {
    await expect(dialog.getByRole('button', { name, exact: true })).toHaveCount(0);
  }

  await dialog.getByRole('button', { name: 'Mark as' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Completed', 'Disqualified', 'No show']);
  await menu.getByRole('menuitem', { name: 'Completed' }).click();
  await expect(page.getByText('Appointment marked successfully')).toBeVisible();
  await expect(dialog.getByText('Appointment completed successfully')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark as' })).toHaveCount(0);
});

test('cancel needs a reason, sends it trimmed and tells everyone', async ({ page, signIn }) => {
  await signIn(page, 'staff');
  const appointment = await pick(page.request, 'upcoming', 3);
  const dialog = await openDetails(page, appointment);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

  const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await expect(cancel.getByText('This action cannot be undone')).toBeVisible();
  await expect(cancel.getByText('All parties will be notified.')).toBeVisible();
  await expect(cancel.getByText(appointment.patient.name, { exact: true })).toBeVisible();
  const reason = cancel.getByLabel('Reason for Cancellation');
  await expect(reason).toHaveAttribute('placeholder', 'Reason for cancelling...');
  const confirm = cancel.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await reason.fill('   ');
  await expect(confirm).toBeDisabled();
  await reason.fill('  Patient is travelling  ');

  const sent = page.waitForRequest(
    (req) => req.method() === 'POST' && req.url().includes('action=cancel'),
  );
  await confirm.click();
  expect((await sent).postDataJSON()).toEqual({ reason: 'Patient is travelling' });
  await expect(page.getByText('Appointment canceled successfully')).toBeVisible();
  await expect(cancel).toHaveCount(0);
  await expect(dialog.getByText('Appointment was cancelled (Patient is travelling)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await expect(dialog.locator('[data-slot="badge"]').first()).toHaveText('Cancelled');
});

test('Keep leaves the appointment as it was, focus back on Cancel', async ({ page, signIn }) => {
  await signIn(page, 'staff');
  const dialog = await openDetails(page, await pick(page.request, 'upcoming', 4));
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await cancel.getByRole('button', { name: 'Keep' }).click();
  await expect(cancel).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
});

test('reschedule moves the appointment to a chosen time', async ({ page, signIn }) => {
  await signIn(page, 'staff');
  const appointment = await pick(page.request, 'upcoming', 5);
  const dialog = await openDetails(page, appointment);
  await dialog.getByRole('button', { name: 'Reschedule' }).click();

  const change = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(
    change.getByText(/^Current: \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/),
  ).toBeVisible();
  await expect(change.getByText(`Provider: ${appointment.staff.name}`)).toBeVisible();
  const save = change.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await chooseFirstOfferedTime(change);
  await expect(save).toBeEnabled();

  // The demo data has moved some appointments already: one more entry, whatever was there
  // (counted from the API, since the dialog's activity may still be loading).
  const rescheduled = dialog.getByText('Appointment was rescheduled');
  const before = entriesOf(appointment, 'RESCHEDULE');
  const sent = page.waitForRequest((req) => req.method() === 'PUT');
  await save.click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ id: appointment._id, staff: { id: appointment.staff.id } });
  expect(body.date).not.toBe(appointment.date);
  await expect(page.getByText('Appointment updated successfully')).toBeVisible();
  await expect(change).toHaveCount(0);
  await expect(rescheduled).toHaveCount(before + 1);
  // The move, in the viewer's zone: "Nov 24, 2026, 9:00 AM to Nov 25, 2026, 2:30 PM".
  const when = String.raw`\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M`;
  await expect(dialog.getByText(new RegExp(`^${when} to ${when}$`)).first()).toBeVisible();
});

test('reassign hands the appointment to another of the clinic’s agents', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff');
  const appointment = await pick(page.request, 'upcoming', 7);
  const dialog = await openDetails(page, appointment);
  await dialog.getByRole('button', { name: 'Reassign' }).click();

  const change = page.getByRole('dialog', { name: 'Reassign Appointment' });
  await expect(change.getByText(`Provider: ${appointment.staff.name}`)).toBeVisible();
  await chooseFirstOfferedTime(change);
  // As with reschedule: the demo data may have reassigned this one before.
  const reassigned = dialog.getByText('Appointment was reassigned');
  const before = entriesOf(appointment, 'REASSIGN');
  const sent = page.waitForRequest((req) => req.method() === 'PUT');
  await change.getByRole('button', { name: 'Save' }).click();
  const body = (await sent).postDataJSON();
  expect(body.staff.id).not.toBe(appointment.staff.id);
  await expect(page.getByText('Appointment updated successfully')).toBeVisible();
  await expect(reassigned).toHaveCount(before + 1);
  await expect(
    dialog.getByText(`${appointment.staff.name} to ${body.staff.name}`).first(),
  ).toBeVisible();
});

test('a nurse may reschedule and cancel but is not offered Reassign', async ({ page, signIn }) => {
  await signIn(page, 'nurse');
  const dialog = await openDetails(page, await pick(page.request, 'upcoming', 8));
  await expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reassign' })).toHaveCount(0);
});
