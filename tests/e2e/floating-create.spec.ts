import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The round "+" shows only on small screens, and only on the appointments page (spec §2).
test.use({ viewport: { width: 390, height: 844 } });
test.beforeEach(() => test.slow());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Scrolls to the very bottom as the page is: a scroll by script is no reader's move, so the
 * list loads at most the one page its end asks for, and the end then stays put.
 */
async function scrollToEnd(page: Page) {
  let height = -1;
  for (let tries = 0; tries < 10; tries += 1) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(500);
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now === height) break;
    height = now;
  }
  await expect
    .poll(() => page.evaluate(() => window.scrollY + window.innerHeight))
    .toBeGreaterThanOrEqual(height - 1);
}

async function expectClear(fab: Locator, target: Locator, what: string) {
  const fabBox = (await fab.boundingBox())!;
  const box = (await target.boundingBox())!;
  expect(overlaps(fabBox, box), `the + covers ${what}`).toBe(false);
}

for (const status of ['all', 'upcoming', 'pending', 'completed', 'cancelled', 'no_show']) {
  test(`on a phone the + leaves the last card of "${status}" readable`, async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'staff', { next: `/appointments?status=${status}` });
    const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    await scrollToEnd(page);
    const fab = page.getByRole('button', { name: 'Create Appointment' }).last();
    await expect(fab).toBeInViewport();
    // Measured once the real button has replaced its disabled stand-in, not between the two.
    await expect(fab).toBeEnabled();
    const last = cards.last();
    await expectClear(fab, last.locator('[data-slot="badge"]'), 'the status badge');
    await expectClear(fab, last.getByRole('button', { name: /^View Details/ }), 'View Details');
    const more = page.getByRole('button', { name: /^(Load more|Loading\.\.\.)$/ });
    if (await more.isVisible()) await expectClear(fab, more, 'Load more');
    await page.screenshot({ path: `/tmp/fab-${status}.png` });
  });
}
