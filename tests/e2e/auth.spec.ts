import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, submitSignIn, test } from './fixtures';

test.describe('signing in and out', () => {
  test('a staff member signs in and sees who they are signed in as', async ({ page, signIn }) => {
    await signIn(page, 'admin');

    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: /account menu/i }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(DEMO_ACCOUNTS.admin.name)).toBeVisible();
    await expect(menu.getByText(DEMO_ACCOUNTS.admin.email)).toBeVisible();
    await expect(menu.getByText('Admin', { exact: true })).toBeVisible();
  });

  test('a wrong password and an unknown email get the same message', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByLabel('Email')).toBeFocused();

    await submitSignIn(page, DEMO_ACCOUNTS.admin.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/auth\/login/);

    await submitSignIn(page, 'nobody@carebook.test', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('the form works from the keyboard alone', async ({ page }) => {
    await page.goto('/auth/login');
    // The email field takes focus once the page knows nobody is signed in.
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(DEMO_ACCOUNTS.staff.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signing out ends the session', async ({ page, signIn }) => {
    await signIn(page, 'staff');

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    // The cookie no longer opens anything: back to sign-in, remembering where the user was going.
    await page.goto('/appointments');
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fappointments$/);
  });
});

test.describe('where sign-in leads', () => {
  test('returns to the page first asked for', async ({ page }) => {
    await page.goto('/calendar?view=week');
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fcalendar%3Fview%3Dweek$/);

    await submitSignIn(page, DEMO_ACCOUNTS.provider.email, DEMO_PASSWORD);

    await expect(page).toHaveURL(/\/calendar\?view=week$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  });

  test('ignores a `next` that leads off the site', async ({ page, signIn }) => {
    await signIn(page, 'provider', { next: '//evil.example/phish' });
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('a signed-in user opening the sign-in page goes straight on', async ({ page, signIn }) => {
    await signIn(page, 'provider');
    await page.goto('/auth/login?next=%2Fsettings');
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe('roles', () => {
  test('a nurse opening /admin/agents lands on /auth/unauthorized', async ({ page, signIn }) => {
    await signIn(page, 'nurse');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);

    await page.goto('/admin/agents');

    await expect(page).toHaveURL(/\/auth\/unauthorized$/);
    await expect(
      page.getByRole('heading', { name: "You don't have permission to view this page" }),
    ).toBeVisible();
  });

  test('an admin sees the Admin navigation', async ({ page, signIn }) => {
    await signIn(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Staff' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Audit log' })).toBeVisible();
  });
});
