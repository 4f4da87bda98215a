import type { APIRequestContext, Page } from '@playwright/test';
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

async function openDetails(page: Page, appointment: Listed) {
  await page.goto(`/appointments?view=${appointment._id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: appointment.patient.name })).toBeVisible({
    timeout: 20_000,
  });
  return dialog;
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
