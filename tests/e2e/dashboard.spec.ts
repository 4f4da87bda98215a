import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const BUCKETS = ['all', 'upcoming', 'pending', 'completed', 'cancelled', 'no_show'] as const;
type Counts = Record<(typeof BUCKETS)[number], number>;

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The number a count card shows, read as a person reads it ("1,259"). */
async function shownCount(page: Page, bucket: string) {
  const text = await page.getByTestId(`count-${bucket}`).locator('span').nth(1).textContent();
  return Number(text!.replaceAll(',', ''));
}

/**
 * The cards against the counts call. An appointment starting between the two requests moves
 * from upcoming to pending, so a mismatch is retried with a fresh page before it counts.
 */
async function expectCardsToMatch(page: Page, countsPath: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('count-all')).toBeVisible();
        const counts = await getJson<Counts>(page, countsPath);
        const shown = Object.fromEntries(
          await Promise.all(BUCKETS.map(async (b) => [b, await shownCount(page, b)] as const)),
        );
        return JSON.stringify(shown) === JSON.stringify(counts)
          ? 'match'
          : JSON.stringify({ shown, counts });
      },
      { intervals: [1000, 2000, 5000], timeout: 20_000 },
    )
    .toBe('match');
}

function todayIn(timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

test('an admin’s dashboard counts match the appointment counts of the whole clinic', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin', { next: '/dashboard' });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Your clinics’ day: /)).toBeVisible();
  await expectCardsToMatch(page, '/api/appointments/counts');
  await expect(page.getByTestId('count-pending')).toHaveAttribute(
    'href',
    '/appointments?status=pending',
  );
});

test('a provider’s dashboard shows their own day, matching the database', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'provider', { next: '/dashboard' });
  const { user } = await getJson<{ user: { id: string; timezone: string } }>(
    page,
    '/api/auth/session',
  );
  await expect(page.getByText(/^Your day: /)).toBeVisible();

  await expectCardsToMatch(page, `/api/appointments/counts?staffId=${user.id}`);

  // Today's list holds exactly the provider's appointments of today in their zone.
  const today = todayIn(user.timezone);
  const range = await getJson<Array<{ _id: string; staff: { id: string } }>>(
    page,
    `/api/appointments?includeAll=true&includeExpired=true&startDate=${today}&endDate=${today}&timezone=${encodeURIComponent(user.timezone)}`,
  );
  const mine = range.filter((a) => a.staff.id === user.id);
  const todayCard = page.getByRole('list', { name: "Today's appointments" });
  if (mine.length === 0) {
    await expect(page.getByText('Nothing booked today.')).toBeVisible();
  } else {
    await expect(todayCard.getByRole('listitem')).toHaveCount(mine.length);
  }

  // The chart's table agrees with the same list for today.
  await page.getByText('Show the data as a table').first().click();
  const perDay = page.getByRole('table', { name: 'Appointments per day by status' });
  await expect(perDay.getByRole('row')).toHaveCount(62); // header + 61 days
  const [, month, day] = today.split('-').map(Number);
  const label = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month! - 1]} ${day}`;
  const todayRow = perDay.getByRole('row').filter({
    has: page.getByRole('rowheader', { name: label, exact: true }),
  });
  await expect(todayRow.getByRole('cell').last()).toHaveText(String(mine.length));

  // What comes next speaks in §9's words.
  const next = page.getByRole('list', { name: 'Next appointments' }).getByRole('listitem');
  if ((await next.count()) > 0) {
    await expect(next.first()).toContainText(/in \d+ (minute|hour|day)s?/);
  }
});

test('every chart has a text alternative', async ({ page, signIn }) => {
  await signIn(page, 'admin', { next: '/dashboard' });
  const toggles = page.getByText('Show the data as a table');
  await expect(toggles).toHaveCount(3);
  const tables = [
    'Appointments per day by status',
    'No-show rate by provider',
    'No-show rate by weekday',
  ];
  for (const [index, name] of tables.entries()) {
    await toggles.nth(index).click();
    await expect(page.getByRole('table', { name })).toBeVisible();
  }
  await expect(
    page.getByRole('table', { name: 'No-show rate by weekday' }).getByRole('rowheader'),
  ).toHaveText(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
});
