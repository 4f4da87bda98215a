import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TABS = [
  ['all', 'All'],
  ['upcoming', 'Upcoming'],
  ['pending', 'Pending'],
  ['completed', 'Completed'],
  ['cancelled', 'Cancelled'],
  ['no_show', 'No show'],
] as const;

test.beforeEach(() => test.slow());

const detailButtons = (page: Page) => page.getByRole('button', { name: /^View Details/ });

test('status tabs show the server’s counts and filter the list', async ({ page, signIn }) => {
  await signIn(page, 'staff', { next: '/appointments' });
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible({
    timeout: 20_000,
  });

  const res = await page.request.get('/api/appointments/counts?timezone=America/New_York');
  const counts = (await res.json()) as Record<string, number>;
  const tabs = page.getByRole('tablist', { name: 'Appointment status' });
  for (const [bucket, label] of TABS) {
    await expect(
      tabs.getByRole('tab', { name: `${label} ${counts[bucket]}`, exact: true }),
    ).toBeVisible();
  }
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText(`All${counts.all}`);
  await expect(detailButtons(page)).toHaveCount(20);

  await tabs.getByRole('tab', { name: /^Cancelled/ }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText(
    `Cancelled${counts.cancelled}`,
  );
  const badges = page.getByRole('tabpanel').locator('[data-slot="badge"]');
  await expect(badges.first()).toHaveText('Cancelled');
  expect(new Set(await badges.allTextContents())).toEqual(new Set(['Cancelled']));
});

test('filters live in the URL: they survive a reload and open the same view elsewhere', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff', { next: '/appointments?status=upcoming' });
  const panel = page.getByRole('tabpanel');
  await expect(detailButtons(page)).toHaveCount(20);

  await page.getByLabel('Staff').click();
  await page.getByRole('option', { name: 'Dr. Marcus Bell' }).click();
  await expect(page).toHaveURL(/staffId=/);
  await page.getByLabel('From').fill('2026-01-01');
  await expect(page).toHaveURL(/dateFrom=2026-01-01/);
  // Two filters, two requests: on a busy machine the second answer can take a while.
  await expect(panel.getByRole('row').nth(1)).toContainText('Dr. Marcus Bell', {
    timeout: 15_000,
  });

  // A patient's name from the filtered list narrows it to that patient.
  const name = (await panel
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .nth(1)
    .locator('div')
    .first()
    .textContent())!;
  await page.getByLabel('Search').fill(name);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(name);
  await expect(panel.getByRole('row').nth(1)).toContainText(name);

  const shared = page.url();
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue(name);
  await expect(page.getByLabel('From')).toHaveValue('2026-01-01');
  await expect(page.getByLabel('Staff')).toHaveText('Dr. Marcus Bell');
  await expect(page.getByRole('tab', { selected: true })).toHaveText(/^Upcoming/);
  const rows = panel.getByRole('row');
  await expect(rows.nth(1)).toContainText(name);
  for (const text of await rows.allTextContents()) {
    if (text.startsWith('Date and time')) continue;
    expect(text).toContain('Dr. Marcus Bell');
    expect(text).toContain(name);
  }

  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByLabel('Search')).toHaveValue(name);
  await expect(other.getByRole('tabpanel').getByRole('row').nth(1)).toContainText(name);
  await other.close();

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/staffId|dateFrom|search/);
  await expect(page).toHaveURL(/status=upcoming/);
});

test('infinite loading: scrolling to the end loads page 2, "Load more" the next', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff', { next: '/appointments' });
  await expect(detailButtons(page)).toHaveCount(20);

  const page2 = page.waitForRequest(
    (req) => req.url().includes('/api/appointments/paginated') && req.url().includes('page=2'),
  );
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  expect(new URL((await page2).url()).searchParams.get('limit')).toBe('20');
  await expect(detailButtons(page)).toHaveCount(40);

  const page3 = page.waitForRequest((req) => req.url().includes('page=3'));
  let furtherPages = 0;
  page.on('request', (req) => {
    if (/\/api\/appointments\/paginated.*page=[4-9]/.test(req.url())) furtherPages += 1;
  });
  await page.getByRole('button', { name: 'Load more' }).click();
  await page3;
  await expect(detailButtons(page)).toHaveCount(60);
  // A loaded page must not set off the next by itself while the button stays in view.
  await page.waitForTimeout(1_500);
  expect(furtherPages).toBe(0);
  await expect(detailButtons(page)).toHaveCount(60);
});

test('under 768px the list turns into cards', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'staff', { next: '/appointments' });
  await expect(page.getByRole('list', { name: 'Appointments' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(detailButtons(page).first()).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByLabel('Patient email')).toBeVisible();
});

test('axe finds no serious or critical problem on the list and the details dialog', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff', { next: '/appointments' });
  await expect(detailButtons(page)).toHaveCount(20, { timeout: 20_000 });
  // This feature's own screens: the page's main region, then the dialog (the shell is not ours).
  const serious = async (scope = 'main') =>
    (await new AxeBuilder({ page }).include(scope).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(await serious()).toEqual([]);

  await detailButtons(page).first().click();
  await expect(page.getByRole('dialog').getByText('Session URL')).toBeVisible();
  expect(await serious('[role="dialog"]')).toEqual([]);
});
