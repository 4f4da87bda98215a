import type { Page } from '@playwright/test';
import { chooseFirstTime, chooseOption as choose } from './appointment-dialogs';
import { createRunPatient } from './booking-api';
import { expect, test } from './fixtures';

// Issue 42, rooms (ADR 045): a clinic with two hydrotherapy pools and a service that needs one.
// Staff book it in the wizard (the booking gives the first free pool), find the pool named in
// the details, move the visit to the other pool, and see it in that pool's column of the
// calendar's Rooms view. The names carry this run's stamp: other journeys share the server.

test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = process.env.WIZARD_SHOTS_DIR ?? 'test-results/e2e';

async function api<T>(page: Page, path: string, data?: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(path, {
    method: data ? 'POST' : 'GET',
    data,
    headers: { origin },
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test('a service that needs a pool is booked in a free one, moved to the other and shown in the Rooms view', async ({
  page,
  signIn,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const category = `Hydro pool ${stamp}`;
  const service = `Hydrotherapy ${stamp}`;
  const [poolA, poolB] = [`Pool A ${stamp}`, `Pool B ${stamp}`];
  await signIn(page, 'admin');

  const clinics = await api<Array<{ id: string; slug: string }>>(page, '/api/clinics');
  const riverside = clinics.find((c) => c.slug === 'riverside')!;
  const pools: Record<string, string> = {};
  for (const name of [poolB, poolA]) {
    const made = await api<{ id: string }>(page, `/api/clinics/${riverside.id}/resources`, {
      name,
      kind: 'room',
      category,
    });
    pools[name] = made.id;
  }
  await api(page, `/api/clinics/${riverside.id}/services`, {
    name: service,
    durations: [45],
    kind: 'in_person',
    resourceCategory: category,
  });
  const { id: patientId, name: patientName, email } = await createRunPatient(page, 'Hydro', stamp);

  const wizard = page.getByRole('dialog', { name: 'Create New Appointment' });
  await test.step('the wizard books the service, leaving the pool to the booking', async () => {
    await page.goto(`/patients/${patientId}`);
    await page.getByRole('button', { name: 'Book for this patient' }).click();
    await expect(wizard).toBeVisible();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await choose(page, wizard, 'Service', service);
    await expect(wizard.getByRole('combobox', { name: 'Room' })).toHaveText(
      `Any free ${category.toLowerCase()}`,
    );
    await chooseFirstTime(wizard);
    // The first free pool by name is the one the time would get.
    await expect(wizard.getByText(/Chosen:/)).toContainText(`in ${poolA}`);
    await page.screenshot({ path: `${SHOTS}/wizard-room-1280.png` });
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(wizard.getByRole('region', { name: 'Appointment Summary' })).toContainText(
      `The first free ${category.toLowerCase()}`,
    );
    await wizard.getByRole('button', { name: 'Create Appointment' }).click();
    await expect(page.getByText('Appointment created successfully')).toBeVisible();
    await expect(wizard).toBeHidden();
  });

  type Listed = { _id: string; date: string; resourceId: string | null };
  const { data } = await api<{ data: Listed[] }>(
    page,
    `/api/appointments/paginated?patientEmail=${encodeURIComponent(email)}`,
  );
  expect(data).toHaveLength(1);
  const [booked] = data;
  expect(booked!.resourceId).toBe(pools[poolA]);

  await test.step('the details name the pool, and move the visit to the other one', async () => {
    await page.goto(`/appointments?patientEmail=${encodeURIComponent(email)}&view=${booked!._id}`);
    const details = page.getByRole('dialog');
    await expect(details.getByRole('heading', { name: patientName })).toBeVisible({
      timeout: 20_000,
    });
    const room = details.getByRole('region', { name: 'Room' });
    await expect(room).toContainText(poolA);
    await room.getByLabel('Move to another room').selectOption({ label: poolB });
    await room.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText(`Moved to ${poolB}`)).toBeVisible();
    await expect(room).toContainText(poolB);
  });

  const session = await api<{ user: { timezone: string | null } }>(page, '/api/auth/session');
  const day = await page.evaluate(
    ([date, zone]) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone ?? undefined }).format(new Date(date!)),
    [booked!.date, session.user.timezone] as const,
  );

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await test.step(`the Rooms view shows it in its pool's column (${width} px)`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`/calendar?view=resources&date=${day}&clinic=riverside&agent=all`);
      const column = page.locator(`[data-resource-id="${pools[poolB]}"]`);
      await expect(column).toContainText(poolB, { timeout: 15_000 });
      await expect(column.getByText(patientName).first()).toBeAttached();
      await expect(
        page.locator(`[data-resource-id="${pools[poolA]}"]`).getByText(patientName),
      ).toHaveCount(0);
      await column.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/calendar-rooms-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });
  }
});
