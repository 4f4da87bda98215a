import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { horizontalOverflow, seriousProblems } from './page-checks';

/**
 * Issue 41's journey: front desk finds a patient, corrects their phone and sees it in the
 * record's history, leaves a note, and books for them from the profile; page and profile stay
 * readable on a phone.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const nameLinks = (page: Page) => page.getByRole('main').getByRole('link', { name: /, / });

test('find a patient, correct their phone, leave a note and book for them', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Patients' }).click();
  // The page's code loads on first visit: on a busy machine that takes a few seconds.
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible({
    timeout: 15_000,
  });
  const first = nameLinks(page).first();
  await expect(first).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/patients-desktop.png', fullPage: true });

  const listed = (await first.textContent())!;
  const lastName = listed.split(',')[0]!;
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(lastName);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(lastName);
  await page.getByRole('link', { name: listed }).first().click();

  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(lastName);
  const details = page.getByRole('region', { name: 'Details' });
  const email = (await details
    .getByText('E-mail', { exact: true })
    .locator('xpath=following-sibling::dd[1]')
    .textContent())!;
  expect(await seriousProblems(page)).toEqual([]);

  const phone = `(555) 010-${String(Date.now() % 10_000).padStart(4, '0')}`;
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit / });
  await dialog.getByLabel('Phone').fill(phone);
  expect(await seriousProblems(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Patient details saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(details.getByText(phone)).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(
    history.getByText(new RegExp(`^Phone (changed from .+ to|set to) ${escapeRegExp(phone)}$`)),
  ).toBeVisible();
  await expect(history.getByText(/^Alex Morgan, /).first()).toBeVisible();

  const note = `Prefers a call before noon (${phone}).`;
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByLabel('Add a note').fill(note);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText(note)).toBeVisible();
  await expect(notes.getByText(/^Alex Morgan, /).first()).toBeVisible();
  await expect(notes.getByLabel('Add a note')).toHaveValue('');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/e2e/patient-profile-desktop.png', fullPage: true });

  await page.getByRole('button', { name: 'Book for this patient' }).click();
  const booking = page.getByRole('dialog', { name: 'Create New Appointment' });
  await expect(booking).toBeVisible();
  await expect(booking.getByText(email, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(booking).toBeHidden();
});

test('on a phone the list is cards and neither page scrolls sideways', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', { next: '/patients' });
  const cards = page.getByRole('list', { name: 'Patients' });
  await expect(cards.getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousProblems(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/patients-phone.png', fullPage: true });

  await cards.getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book for this patient' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousProblems(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/patient-profile-phone.png', fullPage: true });
});
