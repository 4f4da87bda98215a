import pg from 'pg';
import { expect, test, type Browser } from '@playwright/test';
import { createOwnedDatabase } from '../../src/server/test/scratch-database';
import { chromiumLaunchOptions, DEMO_ACCOUNTS, DEMO_PASSWORD, signInWith } from './fixtures';
import { startSessionServer, type SessionServer } from './session-server';

/**
 * Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain): one
 * added in Settings, then signing in with it alone where the clinic allows it. The app runs on a
 * PostgreSQL database of its own so the journey can turn the clinics' passkey sign-in on and off,
 * and at http://localhost: a passkey belongs to a host name, never to an IP address.
 */

test.use({ launchOptions: chromiumLaunchOptions });

const PORT = Number(process.env.E2E_PORT ?? 3100) + 91;
const BASE_URL = `http://localhost:${PORT}`;
let server: SessionServer | undefined;
let database: Awaited<ReturnType<typeof createOwnedDatabase>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  database = await createOwnedDatabase(adminUrl, 'carebook_e2e_passkeys');
  server = await startSessionServer(PORT, { DATABASE_URL: database.url, PUBLIC_URL: BASE_URL });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

async function onDatabase(sql: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

const allowPasskeySignIn = (allowed: boolean) =>
  onDatabase('update clinics set passkey_sign_in = $1', [allowed]);

/** A browser at the given width with a platform authenticator that verifies its user. */
async function browserWithAuthenticator(browser: Browser, phone: boolean) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  // The virtual authenticator answers a waiting autofill request (conditional mediation) by
  // itself, at once: while the journey tries the "Use a passkey" button, the sign-in page is
  // told the browser offers no passkey autofill, else the autofill could sign in before the
  // button is clicked. The flag is this page's, in its storage; the autofill's own step clears it.
  await page.addInitScript(() => {
    if (localStorage.getItem('e2e-no-passkey-autofill') !== '1' || !window.PublicKeyCredential) {
      return;
    }
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      configurable: true,
      value: async () => false,
    });
  });
  const autofill = (offered: boolean) =>
    page.evaluate(
      (on) =>
        on
          ? localStorage.removeItem('e2e-no-passkey-autofill')
          : localStorage.setItem('e2e-no-passkey-autofill', '1'),
      offered,
    );
  return { context, page, credentials, autofill };
}

for (const [width, phone, account] of [
  ['desktop', false, DEMO_ACCOUNTS.staff],
  ['phone', true, DEMO_ACCOUNTS.nurse],
] as const) {
  test(`a passkey added in Settings signs in alone where the clinic allows it (${width})`, async ({
    browser,
  }) => {
    await allowPasskeySignIn(false);
    const { context, page, credentials, autofill } = await browserWithAuthenticator(browser, phone);
    await signInWith(page, { email: account.email, password: DEMO_PASSWORD }, '/settings');

    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
    await section.getByLabel('Name of the new passkey').fill(`${width} passkey`);
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const list = section.getByRole('list', { name: 'Your passkeys' });
    await expect(list.getByRole('listitem', { name: `${width} passkey` })).toContainText(
      'not used yet',
    );
    expect(await credentials()).toEqual([expect.objectContaining({ isResidentCredential: true })]);

    await section.getByRole('button', { name: `Rename ${width} passkey` }).click();
    await section.getByLabel('Passkey name').fill(`My ${width}`);
    await section.getByRole('button', { name: 'Save name' }).click();
    await expect(list.getByRole('listitem', { name: `My ${width}` })).toBeVisible();

    // Signed out, the passkey cannot sign in while the clinic has not allowed it.
    expect((await context.request.post('/api/auth/logout')).ok()).toBe(true);
    await autofill(false);
    await page.goto('/auth/login');
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This passkey cannot sign you in here. Sign in with your email and password.',
    );
    await expect(page).toHaveURL(/\/auth\/login$/);

    await allowPasskeySignIn(true);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const session = await context.request.get('/api/auth/session');
    expect((await session.json()).user.email).toBe(account.email);

    await page.goto('/settings');
    await expect(
      page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem', { name: `My ${width}` }),
    ).toContainText('last used');

    // Signed out again: the e-mail field offers the passkey (conditional mediation), and the
    // passkey chosen there signs in without a click on "Use a passkey". (Chromium's virtual
    // authenticator chooses it as soon as the field has the focus, which the desktop page gives
    // it on opening: the focus is given again only where the page is still there.)
    expect((await context.request.post('/api/auth/logout')).ok()).toBe(true);
    await autofill(true);
    await page.goto('/auth/login');
    await page
      .getByLabel('Email')
      .focus({ timeout: 2_000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await (await context.request.get('/api/auth/session')).json()).user.email).toBe(
      account.email,
    );
    await context.close();
  });
}

test('an admin made to set up a second factor at sign-in adds a passkey there and is signed in', async ({
  browser,
}) => {
  await onDatabase(`update clinics set second_factor_policy = 'admins'`, []);
  try {
    const { context, page, credentials } = await browserWithAuthenticator(browser, false);
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await credentials()).toHaveLength(1);
    const session = await context.request.get('/api/auth/session');
    expect((await session.json()).user.email).toBe(DEMO_ACCOUNTS.admin.email);
    await page.goto('/settings');
    await expect(
      page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem', { name: 'Passkey' }),
    ).toBeVisible();
    await context.close();
  } finally {
    await onDatabase(`update clinics set second_factor_policy = 'off'`, []);
  }
});
