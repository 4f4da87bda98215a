import { expect, test, type Page } from '@playwright/test';
import { chromiumLaunchOptions, DEMO_ACCOUNTS, DEMO_PASSWORD, submitSignIn } from './fixtures';
import { startSessionServer, type SessionServer } from './session-server';
import { startOpenIdProvider, type TestOpenIdProvider } from '../../src/server/test/oidc-kit';

/**
 * An admin connects an OpenID Provider at /admin/sign-in; a nurse who has no account yet signs
 * in through the provider's own login page (the certified oidc-provider, run here on 127.0.0.1)
 * and lands on the dashboard, at desktop and phone widths; signing out passes by the provider.
 * The app runs on its own, with PUBLIC_URL its own address, which the redirect URI is built from.
 */

test.use({ launchOptions: chromiumLaunchOptions });

const PORT = Number(process.env.E2E_PORT ?? 3100) + 84;
const APP = `http://127.0.0.1:${PORT}`;
let server: SessionServer | undefined;
let op: TestOpenIdProvider;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  op = await startOpenIdProvider({
    redirectUris: [`${APP}/api/auth/sso/callback`],
    postLogoutRedirectUris: [`${APP}/auth/login`],
  });
  server = await startSessionServer(PORT, {
    PUBLIC_URL: APP,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await op?.close();
});

test.describe.configure({ mode: 'serial' });

test('an admin connects an identity provider', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${APP}/auth/login?next=${encodeURIComponent('/admin/sign-in')}`);
  await submitSignIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Redirect URI to register')).toHaveValue(
    `${APP}/api/auth/sso/callback`,
  );
  await page.getByRole('button', { name: 'Add identity provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add identity provider' });
  await dialog.getByLabel('Name').fill('Journey Identity');
  await dialog.getByLabel('Issuer URL').fill(op.issuer);
  await dialog.getByLabel('Client ID').fill('carebook');
  await dialog.getByLabel('Client secret').fill('a-client-secret-of-the-tests-0123456789');
  const clinics = dialog.getByRole('group', { name: 'Clinics', exact: true }).getByRole('checkbox');
  await clinics.first().check();
  await dialog.getByLabel('E-mail domains').fill('sso-journey.example');
  await dialog.getByRole('button', { name: 'Add group' }).click();
  await dialog.getByLabel('Group 1', { exact: true }).fill('carebook-nurses');
  await dialog.getByLabel('Role of group 1').selectOption('nurse');
  await dialog.getByRole('checkbox', { name: /Create accounts on first sign-in/ }).check();
  await dialog.getByRole('button', { name: 'Add identity provider' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: `Journey Identity ${op.issuer}` })).toBeVisible();
  await expect(page.getByText('Creates accounts')).toBeVisible();
});

async function signInThroughProvider(page: Page, login: string) {
  op.accounts.set(login, {
    email: `${login}@sso-journey.example`,
    email_verified: true,
    name: `Ines ${login.endsWith('phone') ? 'Phone' : 'Desk'}`,
    groups: ['carebook-nurses'],
  });
  await page.goto(`${APP}/auth/login`);
  await page.getByRole('button', { name: 'Single sign-on' }).click();
  await page.getByLabel('Work e-mail address').fill(`${login}@sso-journey.example`);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  // The provider's own page, on its own address.
  await expect(page).toHaveURL(new RegExp(`^${op.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('whatever the provider checks');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${APP}/dashboard`);
}

test('a nurse signs in through the provider at desktop width and signs out there too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughProvider(page, 'ines-desk');
  // A busy machine may take a while to open the dashboard's first load.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: /account menu/i })).toContainText('Ines Desk');

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // The provider asks to end its own session too, then sends the browser back.
  await expect(page).toHaveURL(new RegExp(`^${op.issuer}/session/end`));
  await page.getByRole('button', { name: /Yes, sign me out/i }).click();
  await expect(page).toHaveURL(`${APP}/auth/login`);
  await page.goto(`${APP}/dashboard`);
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fdashboard$/);
});

test('a nurse signs in through the provider on a phone', async ({ browser }) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  await signInThroughProvider(page, 'ines-phone');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await phone.close();
});

test('a refusal is said in words on the sign-in page', async ({ page }) => {
  await page.goto(`${APP}/auth/login`);
  await page.getByRole('button', { name: 'Single sign-on' }).click();
  await page.getByLabel('Work e-mail address').fill('someone@no-provider.example');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(page).toHaveURL(/sso_error=no_provider/);
  await expect(page.getByRole('alert')).toHaveText(
    /No identity provider signs in addresses like this one/,
  );
});
