import type { APIRequestContext, Page } from '@playwright/test';
import { openDetails } from './appointment-dialogs';
import { expect, test } from './fixtures';

interface Listed {
  _id: string;
  patient: { name: string };
  metadata: { status: string; notes: string | null };
}

/** A past, not yet marked appointment, picked through the API so journeys do not collide. */
async function pending(request: APIRequestContext, index: number): Promise<Listed> {
  const res = await request.get('/api/appointments/paginated?status=pending&limit=60');
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: Listed[] };
  expect(data.length).toBeGreaterThan(index);
  return data[index]!;
}

test.beforeEach(() => test.slow());

test('notes are shown and edited in the details, with a history entry', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'nurse');
  const appointment = await pending(page.request, 9);
  const dialog = await openDetails(page, appointment);
  const notes = dialog.getByRole('region', { name: 'Notes' });
  await notes.getByRole('button', { name: /(Edit|Add) notes/ }).click();
  await notes.getByRole('textbox', { name: 'Notes' }).fill('Patient asked for a call-back');
  await notes.getByRole('button', { name: 'Save notes' }).click();
  await expect(notes.getByText('Patient asked for a call-back')).toBeVisible();
  await expect(dialog.getByText('Notes were edited')).toBeVisible();
  await page.screenshot({ path: 'test-results/everyday-notes.png' });
});

/** Opens the details of the pending appointment `index` and marks it; the toast offers Undo. */
async function markPendingAs(page: Page, index: number, outcome: string) {
  const appointment = await pending(page.request, index);
  const dialog = await openDetails(page, appointment);
  await dialog.getByRole('button', { name: 'Mark as' }).click();
  await page.getByRole('menuitem', { name: outcome }).click();
  const toast = page.getByRole('listitem').filter({ hasText: 'Appointment marked successfully' });
  await expect(toast).toBeVisible();
  // The toast can show before the details swap "Mark as" for "Correct status"; the focus that
  // swap moves would land after a keyboard user's first keys (a full run once lost Alt+T to it).
  await expect(dialog.getByRole('button', { name: 'Correct status' })).toBeVisible();
  return { appointment, dialog, toast };
}

/** Back in Pending: the tab's list holds it again, and the dialog offers Mark as once more. */
async function expectPendingAgain(
  page: Page,
  dialog: ReturnType<Page['getByRole']>,
  appointment: Listed,
) {
  await expect(page.getByText('Appointment updated successfully')).toBeVisible();
  await expect(dialog.getByText('Marked status was corrected').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark as' })).toBeVisible();
  const res = await page.request.get('/api/appointments/paginated?status=pending&limit=60');
  const { data } = (await res.json()) as { data: Listed[] };
  expect(data.map((a) => a._id)).toContain(appointment._id);
}

test('Undo on the marked toast, clicked over the open details, puts the visit back in Pending', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff');
  const { appointment, dialog, toast } = await markPendingAs(page, 3, 'Completed');
  await page.screenshot({ path: 'test-results/everyday-undo-toast.png' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  // The click was the toast's, not one outside the dialog.
  await expect(dialog).toBeVisible();
  await expectPendingAgain(page, dialog, appointment);
});

test('Undo on the marked toast is reached by keyboard: Alt+T, Tab, Enter', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff');
  const { appointment, dialog, toast } = await markPendingAs(page, 4, 'No show');
  await page.keyboard.press('Alt+KeyT');
  const undo = toast.getByRole('button', { name: 'Undo' });
  for (let presses = 0; presses < 4; presses += 1) {
    if (await undo.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectPendingAgain(page, dialog, appointment);
});
