import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInWith, test } from './fixtures';

// Issue 42, first part: an admin sets up a service at Admin → Services, changes it, and archives
// it. Each run starts from a fresh demo database, where every clinic has only its default service.

test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = process.env.SERVICES_SHOTS_DIR ?? 'test-results';

async function seriousViolations(page: Page, scope: string) {
  return (await new AxeBuilder({ page }).include(scope).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('an admin adds a sports massage service, edits it and archives it', async ({ page }) => {
  await signInWith(page, { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();

  // The admin works at three clinics: the one to set up is picked first.
  await page.getByRole('combobox', { name: 'Clinic' }).click();
  await page.getByRole('option', { name: 'Riverside Family Clinic' }).click();
  const list = page.getByRole('region', { name: 'Services of Riverside Family Clinic' });
  const row = (name: string) => list.getByRole('row', { name: new RegExp(name) });
  await expect(row('Video visit')).toContainText('Default');

  await page.getByRole('button', { name: 'Add service' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add service' });
  await expect(dialog).toHaveCSS('opacity', '1');
  await dialog.getByLabel('Name').fill('Sports massage');
  await dialog.getByRole('checkbox', { name: '45 min', exact: true }).check();
  await dialog.getByRole('checkbox', { name: '30 min', exact: true }).uncheck();
  await dialog.getByLabel('Buffer after (minutes)').fill('15');
  await expect(dialog.getByRole('combobox', { name: 'How it happens' })).toHaveText('In person');
  await dialog.getByLabel(/^Where/).fill('Treatment room 2');
  await page.screenshot({ path: `${SHOTS}/services-dialog-1280.png` });
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByText('Sports massage was added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row('Sports massage')).toContainText('In person');
  await expect(row('Sports massage')).toContainText('45 min');
  await expect(row('Sports massage')).toContainText('15 min after');
  await page.screenshot({ path: `${SHOTS}/services-list-1280.png`, fullPage: true });
  expect(await seriousViolations(page, 'main')).toEqual([]);

  await list.getByRole('button', { name: 'Edit Sports massage' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Sports massage' });
  await expect(edit.getByRole('checkbox', { name: '45 min', exact: true })).toBeChecked();
  await edit.getByLabel('Buffer before (minutes)').fill('5');
  await edit.getByLabel('Only the providers and nurses chosen here').check();
  await edit.getByRole('checkbox', { name: /Dr\. Priya Raman/ }).check();
  await edit.getByLabel('Dr. Priya Raman’s own length in minutes (optional)').fill('60');
  await page.screenshot({ path: `${SHOTS}/services-dialog-agents-1280.png` });
  await edit.getByRole('button', { name: 'Save service' }).click();
  await expect(page.getByText('Sports massage was saved')).toBeVisible();
  await expect(row('Sports massage')).toContainText('5 min before, 15 min after');
  await expect(row('Sports massage')).toContainText('Dr. Priya Raman (1 h)');

  // On a phone the list keeps its facts under the name, and the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row('Sports massage')).toContainText('Buffers: 5 min before, 15 min after');
  await page.screenshot({ path: `${SHOTS}/services-list-390.png`, fullPage: true });
  await list.getByRole('button', { name: 'Edit Sports massage' }).click();
  // Shot once the dialog has finished opening.
  await expect(edit).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${SHOTS}/services-dialog-390.png` });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  await list.getByRole('button', { name: 'Archive Sports massage' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Archive Sports massage?' });
  await ask.getByRole('button', { name: 'Archive service' }).click();
  await expect(page.getByText('Sports massage was archived')).toBeVisible();
  await expect(row('Sports massage')).toContainText('Archived');
  await expect(list.getByRole('button', { name: 'Restore Sports massage' })).toBeVisible();

  // The booking wizard reads the active ones: the archived service is no longer among them.
  const clinics = (await (await page.request.get('/api/clinics')).json()) as Array<{
    id: string;
    slug: string;
  }>;
  const riverside = clinics.find((c) => c.slug === 'riverside')!;
  const active = await page.request.get(`/api/clinics/${riverside.id}/services`);
  // (Other journeys on the same server add their own services to this clinic.)
  const names = ((await active.json()) as { data: Array<{ name: string }> }).data.map(
    (s) => s.name,
  );
  expect(names).toContain('Video visit');
  expect(names).not.toContain('Sports massage');
});
