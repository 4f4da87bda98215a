import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.beforeEach(() => test.slow());

async function putProfile(request: APIRequestContext, data: Record<string, unknown>) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await request.put('/api/auth/profile', { data, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Where a grid's hour row sits in its scroll area: 0 is the area's top edge. */
async function rowOffset(scroller: Locator, time: string) {
  const row = scroller.locator(`[data-time="${time}"]`).first();
  const rowBox = (await row.boundingBox())!;
  const areaBox = (await scroller.boundingBox())!;
  return { top: rowBox.y - areaBox.y, areaHeight: areaBox.height };
}

async function openCalendar(page: Page, view: 'day' | 'week') {
  await page.goto(`/calendar?view=${view}`);
  const scroller = page.getByTestId('calendar-scroller');
  await expect(scroller.locator('[data-time="07:00:00"]').first()).toBeAttached({
    timeout: 20_000,
  });
  return scroller;
}

for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the day and week grids open at 7 AM, not midnight (${device})`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'staff');
    const { user } = await (await page.request.get('/api/auth/session')).json();
    // New York's working day read in Tokyo runs from 10 PM past midnight into the morning, so
    // the grids reach back to midnight.
    await putProfile(page.request, { timezone: 'Asia/Tokyo' });
    try {
      await expectOpenAtSeven(page, device);
    } finally {
      await putProfile(page.request, { timezone: user.timezone });
    }
  });
}

async function expectOpenAtSeven(page: Page, device: string) {
  for (const view of ['week', 'day'] as const) {
    const scroller = await openCalendar(page, view);
    await expect(scroller.locator('[data-time="00:00:00"]').first()).toBeAttached();
    const { top, areaHeight } = await rowOffset(scroller, '07:00:00');
    // Below the column headers, within the first rows of the visible area.
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(Math.min(120, areaHeight / 3));
    await expect(scroller.locator('[data-time="07:00:00"]').first()).toBeInViewport();
    await page.screenshot({ path: `/tmp/calendar-${view}-${device}.png` });
  }
}
