import { test as base, expect, type LaunchOptions, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';

/**
 * Shared browser-test helpers. Import `test` and `expect` from here instead of
 * '@playwright/test' to get the Carebook fixtures:
 *
 *   import { expect, test } from './fixtures';
 *   test('…', async ({ page, signIn }) => { await signIn(page, 'nurse'); … });
 */

/** Debian's Chromium, never a downloaded one (docs/architecture.md); scripts can reuse this too. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
} satisfies LaunchOptions;

/** The same Chromium with a fake camera and microphone, allowed without asking: for video visits. */
export const fakeMediaLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [
    ...chromiumLaunchOptions.args,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
} satisfies LaunchOptions;

/** The seeded demo accounts (SEED_DEMO=always gives every run the same ones). */
export const DEMO_PASSWORD = 'waiting-room-demo';
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@carebook.test', name: 'Alex Morgan' },
  provider: { email: 'provider@carebook.test', name: 'Dr. Priya Raman' },
  nurse: { email: 'nurse@carebook.test', name: 'Nora Kelly, RN' },
  staff: { email: 'staff@carebook.test', name: 'Sam Ortiz' },
} as const;
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** Fills and submits the real sign-in form on the page already open. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in through /auth/login like a person would and waits until the app has left the sign-in
 * page. `next` is where to go afterwards (default: the dashboard).
 */
export async function signInWith(
  page: Page,
  credentials: { email: string; password: string },
  next?: string,
): Promise<void> {
  await page.goto(next ? `/auth/login?next=${encodeURIComponent(next)}` : '/auth/login');
  await submitSignIn(page, credentials.email, credentials.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  // The sign-in page is a document of its own (ADR 064): the staff app loads as a new document.
  await page.waitForLoadState('load');
}

export interface CarebookFixtures {
  /** Signs `page` in as the demo account of `role` through the real form. */
  signIn: (page: Page, role: DemoRole, options?: { next?: string }) => Promise<void>;
}

export const test = base.extend<CarebookFixtures>({
  // The config already sets these; filling the gaps keeps a spec run under another config on
  // Debian's Chromium rather than a browser Playwright would try to download.
  launchOptions: [
    async ({ launchOptions }, use) => use({ ...chromiumLaunchOptions, ...launchOptions }),
    { scope: 'worker' },
  ],
  // Playwright's fixture signature needs the (empty) destructuring even without dependencies.
  // eslint-disable-next-line no-empty-pattern
  signIn: async ({}, use) => {
    await use(async (page, role, options) => {
      const { email } = DEMO_ACCOUNTS[role];
      await signInWith(page, { email, password: DEMO_PASSWORD }, options?.next);
    });
  },
});

export { expect };
