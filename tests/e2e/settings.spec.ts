import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInWith, test } from './fixtures';

// These journeys change a shared demo account; each puts it back as it found it.

function origin() {
  return new URL(test.info().project.use.baseURL!).origin;
}

async function putProfile(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.put('/api/auth/profile', { data, headers: { origin: origin() } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** "9:00 AM – 9:30 AM" in a zone, as the app writes it (plain spaces, US English). */
function timeRange(startIso: string, minutes: number, timeZone: string) {
  const format = (d: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
      .format(d)
      .replace(/\s/g, ' ');
  const start = new Date(startIso);
  return `${format(start)} – ${format(new Date(start.getTime() + minutes * 60_000))}`;
}

async function chooseZone(page: Page, search: string, zone: string) {
  const field = page.getByRole('combobox', { name: 'Time zone' });
  await field.click();
  await field.fill(search);
  await page
    .getByRole('option', { name: new RegExp(`^${zone.replace('/', '\\/').replace('_', ' ')}`) })
    .click();
}

test('a new time zone is saved, survives a reload and changes how times show', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff', { next: '/settings' });
  const { user } = await (await page.request.get('/api/auth/session')).json();
  try {
    await chooseZone(page, 'tokyo', 'Asia/Tokyo');
    await expect(page.getByText('Times now show in Asia/Tokyo.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');

    // The calendar's list shows the same appointments at Tokyo's clock.
    await page.goto('/calendar?view=list');
    await expect(page.getByText('shown in Asia/Tokyo time')).toBeVisible();
    const heading = page.getByRole('heading', { level: 3 }).first();
    await expect(heading).toBeVisible();
    const { first: from, last: to } = shownWeek();
    const week = await (
      await page.request.get(
        `/api/appointments?includeAll=true&includeExpired=true&startDate=${from}&endDate=${to}&timezone=Asia%2FTokyo`,
      )
    ).json();
    const first = week[0] as { date: string; duration: number };
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: timeRange(first.date, first.duration, 'Asia/Tokyo') })
        .first(),
    ).toBeVisible();
  } finally {
    await putProfile(page.request, { timezone: user.timezone });
  }
});

/** The Sunday-to-Saturday week around today in Tokyo, as the list view shows it. */
function shownWeek() {
  const todayKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const today = new Date(`${todayKey}T12:00:00Z`);
  const sunday = new Date(today.getTime() - today.getUTCDay() * 86_400_000);
  const saturday = new Date(sunday.getTime() + 6 * 86_400_000);
  return { first: sunday.toISOString().slice(0, 10), last: saturday.toISOString().slice(0, 10) };
}

test('the theme applies at once and follows the account to the next visit', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'staff', { next: '/settings' });
  try {
    await page.getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect
      .poll(async () => (await (await page.request.get('/api/auth/session')).json()).user.theme)
      .toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  } finally {
    await putProfile(page.request, { theme: 'system' });
  }
});

test('email preferences are saved to the account', async ({ page, signIn }) => {
  await signIn(page, 'nurse', { next: '/settings' });
  try {
    const cancelled = page.getByRole('checkbox', { name: 'Cancelled' });
    await expect(cancelled).toBeChecked();
    await cancelled.uncheck();
    await expect(page.getByText('Email preferences saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Cancelled' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Booked' })).toBeChecked();
  } finally {
    await putProfile(page.request, { notificationPrefs: { cancelled: true } });
  }
});

test('a password change keeps this device signed in and signs out the others', async ({
  page,
  browser,
  signIn,
}) => {
  test.slow();
  const email = DEMO_ACCOUNTS.staff.email;
  const newPassword = 'a-brand-new-passphrase';
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInWith(otherPage, { email, password: DEMO_PASSWORD }, '/dashboard');
  await signIn(page, 'staff', { next: '/settings' });
  let changed = false;
  try {
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Password changed. Your other devices were signed out.'),
    ).toBeVisible();
    changed = true;

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard/);
    await otherPage.goto('/dashboard');
    await expect(otherPage).toHaveURL(/\/auth\/login/);
  } finally {
    if (changed) {
      const res = await page.request.post('/api/auth/password', {
        data: { currentPassword: newPassword, newPassword: DEMO_PASSWORD },
        headers: { origin: origin() },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await other.close();
  }
});
