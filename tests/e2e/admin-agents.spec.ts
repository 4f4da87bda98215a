import type { Browser, Page } from '@playwright/test';
import { expect, signInWith, submitSignIn, test } from './fixtures';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an admin creates a staff member, who can sign in until deactivated', async ({
  browser,
  page,
  signIn,
}) => {
  // Four steps across two browsers, each hashing or checking a password with argon2.
  test.slow();
  const suffix = Date.now().toString(36);
  const newcomer = {
    name: `Jordan Reyes ${suffix}`,
    email: `jordan.reyes.${suffix}@carebook.test`,
    password: 'welcome-aboard-2026',
  };

  await test.step('the admin creates the account', async () => {
    await signIn(page, 'admin', { next: '/admin/agents' });
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

    await page.getByRole('button', { name: 'Create staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create staff member' });
    await dialog.getByLabel('Name').fill(newcomer.name);
    await dialog.getByLabel('Email').fill(newcomer.email);
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Nurse' }).click();
    await dialog.getByRole('checkbox', { name: 'Riverside Family Clinic' }).check();
    await dialog.getByLabel('Initial password').fill(newcomer.password);
    await dialog.getByRole('button', { name: 'Create staff member' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${newcomer.name} can now sign in`)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(newcomer.name) });
    await expect(row).toContainText(newcomer.email);
    await expect(row).toContainText('Nurse');
    await expect(row).toContainText('Active');
  });

  const newcomerPage = await newPage(browser);

  await test.step('the new staff member signs in', async () => {
    await signInWith(newcomerPage, newcomer);
    await expect(newcomerPage).toHaveURL(/\/dashboard$/);
    await newcomerPage.getByRole('button', { name: /account menu/i }).click();
    await expect(newcomerPage.getByRole('menu')).toContainText(newcomer.email);
    await expect(newcomerPage.getByRole('menu')).toContainText('Nurse');
    await newcomerPage.keyboard.press('Escape');
  });

  await test.step('the admin deactivates them', async () => {
    await page.getByRole('button', { name: `Actions for ${newcomer.name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Deactivate ${newcomer.name}?` });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(confirm).toBeHidden();
    // Deactivated staff leave the list until asked for.
    await expect(page.getByRole('row', { name: new RegExp(newcomer.name) })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Show deactivated staff' }).check();
    await expect(page.getByRole('row', { name: new RegExp(newcomer.name) })).toContainText(
      'Deactivated',
    );
  });

  await test.step('their open session has ended and they cannot sign in again', async () => {
    await newcomerPage.reload();
    await expect(newcomerPage).toHaveURL(/\/auth\/login\?next=%2Fdashboard$/);

    await submitSignIn(newcomerPage, newcomer.email, newcomer.password);
    await expect(newcomerPage.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(newcomerPage).toHaveURL(/\/auth\/login/);
  });

  await newcomerPage.context().close();
});
