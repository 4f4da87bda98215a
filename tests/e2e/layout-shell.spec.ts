import { expect, test } from './fixtures';

// Spec §2 "Layout shell": collapsible sidebar, Ctrl/Cmd+B, the sidebar_state cookie, and a
// slide-in sheet under 768px.

test('Ctrl+B collapses the sidebar to icons, the choice is kept in the sidebar_state cookie', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff', { next: '/appointments' });
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie).toMatchObject({ value: 'false', path: '/' });
  // max-age 604800 s: the cookie expires about seven days from now.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(604_800_000 - 60_000);
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(604_800_000 + 1_000);

  await page.reload();
  await expect(page.locator('[data-slot="sidebar"][data-state]')).toHaveAttribute(
    'data-state',
    'collapsed',
  );
  await page.keyboard.press('Meta+b');
  await expect(page.locator('[data-slot="sidebar"][data-state]')).toHaveAttribute(
    'data-state',
    'expanded',
  );
  expect((await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe(
    'true',
  );
});

test('under 768px the navigation slides in as a sheet and the "+" creates an appointment', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'staff', { next: '/appointments' });
  const sheet = page.getByRole('dialog', { name: 'Carebook navigation' });
  await expect(sheet).toBeHidden();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar/);
  await page.goto('/appointments');
  await page.getByRole('button', { name: 'Create Appointment' }).last().click();
  await expect(page.getByRole('dialog', { name: 'Create New Appointment' })).toBeVisible();
});

test('without a mail server every staff page says so, and an admin reads a waiting message on a phone', async ({
  page,
  signIn,
}) => {
  // The browser tests' server has no SMTP_URL, as a first try of the app has none.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', { next: '/calendar' });
  const banner = page.getByRole('complementary', { name: 'Mail delivery' });
  await expect(banner).toContainText('Messages are not being sent: no mail server is set.');
  // In the page's flow, not over it: the page's own heading starts below the banner.
  const bannerBox = (await banner.boundingBox())!;
  const heading = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
  expect(heading.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);

  await banner.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const list = page.getByRole('list', { name: 'Notification messages, newest first' });
  const view = list.getByRole('button', { name: /^View Reminder: your appointment/ }).first();
  await view.click();
  const dialog = page.getByRole('dialog', { name: /^Reminder: your appointment/ });
  // Its links are the patient's own, to follow from here.
  await expect(dialog.getByRole('link', { name: /\/session\/\?token=/ }).first()).toHaveAttribute(
    'href',
    /\/session\/\?token=/,
  );
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();
});
