import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInWith, test } from './fixtures';

// Issue 42, rooms and equipment: an admin adds a room with its own hours and a machine at
// Admin → Rooms and equipment, gives a service a need, takes the room out of use for a day and
// archives the machine. The journey server is shared: every name here is this journey's own.

test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = process.env.RESOURCES_SHOTS_DIR ?? 'test-results';
const ROOM = 'Treatment room Zeta';
const ROOM_CATEGORY = 'Zeta treatment room';
const MACHINE = 'Ultrasound Zeta';
const SERVICE = 'Zeta physiotherapy';
const PHONE_ROOM = 'Treatment room Zeta (phone check)';

async function seriousViolations(page: Page, scope: string) {
  return (await new AxeBuilder({ page }).include(scope).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function openRiverside(page: Page) {
  await page.getByRole('combobox', { name: 'Clinic' }).click();
  await page.getByRole('option', { name: 'Riverside Family Clinic' }).click();
}

test('an admin sets up a room and a machine, gives a service a need, takes time off and archives', async ({
  page,
}) => {
  await signInWith(page, { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Rooms and equipment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rooms and equipment' })).toBeVisible();
  await openRiverside(page);
  const list = page.getByRole('region', { name: 'Rooms and equipment of Riverside Family Clinic' });
  const item = (name: string) => list.getByRole('listitem', { name, exact: true });

  // A room with its own hours: the working week the editor starts from, without Friday.
  await page.getByRole('button', { name: 'Add room or equipment' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add room or equipment' });
  await expect(add).toHaveCSS('opacity', '1');
  await add.getByLabel(/^Name/).fill(ROOM);
  await add.getByLabel(/^Category/).fill(ROOM_CATEGORY);
  await add.getByRole('checkbox', { name: 'Own hours' }).check();
  await add.getByRole('button', { name: 'Remove Friday hours' }).click();
  await add.getByLabel('Monday end').fill('18:00');
  await page.screenshot({ path: `${SHOTS}/resources-dialog-1280.png` });
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${ROOM} was added`)).toBeVisible();
  await expect(add).toBeHidden();
  await expect(item(ROOM)).toContainText('Room');
  await expect(item(ROOM)).toContainText(ROOM_CATEGORY);
  await expect(item(ROOM)).toContainText('Mon 9:00 AM – 6:00 PM · Tue–Thu 9:00 AM – 5:00 PM');

  // A machine that is there whenever the clinic's staff work.
  await page.getByRole('button', { name: 'Add room or equipment' }).first().click();
  await add.getByLabel(/^Name/).fill(MACHINE);
  await add.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Equipment' }).click();
  await add.getByLabel(/^Category/).fill('Zeta ultrasound');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${MACHINE} was added`)).toBeVisible();
  await expect(item(MACHINE)).toContainText('Equipment');
  await expect(item(MACHINE)).toContainText('The clinic’s staff hours');
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // A service that needs any room of the new category.
  await nav.getByRole('link', { name: 'Services' }).click();
  await openRiverside(page);
  await page.getByRole('button', { name: 'Add service' }).first().click();
  const service = page.getByRole('dialog', { name: 'Add service' });
  await expect(service).toHaveCSS('opacity', '1');
  await service.getByLabel('Name').fill(SERVICE);
  const needs = service.getByRole('group', { name: 'Needs' });
  await needs.getByRole('radio', { name: 'Any room or equipment of a category' }).check();
  await needs.getByRole('combobox', { name: 'Category it needs' }).click();
  await page.getByRole('option', { name: ROOM_CATEGORY }).click();
  await service.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByText(`${SERVICE} was added`)).toBeVisible();
  const clinics = (await (await page.request.get('/api/clinics')).json()) as Array<{
    id: string;
    slug: string;
  }>;
  const riverside = clinics.find((c) => c.slug === 'riverside')!;
  const services = (await (
    await page.request.get(`/api/clinics/${riverside.id}/services`)
  ).json()) as { data: Array<{ name: string; resourceCategory: string | null }> };
  expect(services.data.find((s) => s.name === SERVICE)?.resourceCategory).toBe(ROOM_CATEGORY);

  // The room out of use for a day next year, in the clinic's time.
  await nav.getByRole('link', { name: 'Rooms and equipment' }).click();
  await openRiverside(page);
  const year = new Date().getFullYear() + 1;
  await list.getByRole('button', { name: `Time off for ${ROOM}` }).click();
  const timeOff = page.getByRole('dialog', { name: `Time off for ${ROOM}` });
  await expect(timeOff).toContainText('None: it is in use whenever it is open.');
  await timeOff.getByLabel(/^Starts/).fill(`${year}-03-10T08:00`);
  await timeOff.getByLabel(/^Ends/).fill(`${year}-03-10T18:00`);
  await timeOff.getByLabel(/^Reason/).fill('Floor repairs');
  await timeOff.getByRole('button', { name: 'Add time off' }).click();
  await expect(timeOff.getByRole('listitem')).toContainText(`Mar 10, ${year}, 8:00 AM – 6:00 PM`);
  await expect(timeOff.getByRole('listitem')).toContainText('Floor repairs');
  await timeOff.getByRole('button', { name: 'Close' }).click();
  await expect(timeOff).toBeHidden();
  await expect(item(ROOM)).toContainText('1 time off');

  // The machine archived after asking; it is found again under Archived.
  await list.getByRole('button', { name: `Archive ${MACHINE}` }).click();
  const ask = page.getByRole('alertdialog', { name: `Archive ${MACHINE}?` });
  await ask.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText(`${MACHINE} was archived`)).toBeVisible();
  await expect(item(MACHINE)).toBeHidden();
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Archived' }).click();
  await expect(item(MACHINE)).toContainText('Archived');
  await expect(list.getByRole('button', { name: `Restore ${MACHINE}` })).toBeVisible();
});

test('on a phone the rooms are cards and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWith(
    page,
    { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
    '/admin/resources?clinic=riverside',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Rooms and equipment' })).toBeVisible();
  // Its own room, added through the API: this check does not lean on the journey above.
  const res = await page.request.post(`/api/clinics/${await riversideId(page)}/resources`, {
    data: { name: PHONE_ROOM, kind: 'room', category: ROOM_CATEGORY },
  });
  expect(res.status()).toBe(201);
  await page.reload();
  const list = page.getByRole('region', { name: 'Rooms and equipment of Riverside Family Clinic' });
  const room = list.getByRole('listitem', { name: PHONE_ROOM, exact: true });
  await expect(room).toContainText(`Category: ${ROOM_CATEGORY}`);
  await expect(room.getByRole('button', { name: `Edit ${PHONE_ROOM}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/resources-list-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await room.getByRole('button', { name: `Edit ${PHONE_ROOM}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${PHONE_ROOM}` });
  await expect(edit).toHaveCSS('opacity', '1');
  await edit.getByRole('checkbox', { name: 'Own hours' }).check();
  await expect(edit.getByRole('group', { name: 'Monday' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/resources-dialog-390.png` });
  const box = await edit.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
});

async function riversideId(page: Page): Promise<string> {
  const clinics = (await (await page.request.get('/api/clinics')).json()) as Array<{
    id: string;
    slug: string;
  }>;
  return clinics.find((c) => c.slug === 'riverside')!.id;
}
