import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, submitSignIn, test } from './fixtures';

// Two-step sign-in (ADR 046) as a person meets it: set up the authenticator app in Settings,
// sign out, sign in with a code from the app, and with a recovery code when the phone is away.
// Each run signs in a staff member of its own, made by the demo admin through the API.

const PASSWORD = 'violet-orchard-ledger';

function origin() {
  return new URL(test.info().project.use.baseURL!).origin;
}

/** A new staff member of the admin's clinics; answers their e-mail. */
async function newStaffMember(width: string): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL: origin() });
  const headers = { origin: origin() };
  const signedIn = await admin.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
    headers,
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const { user } = (await signedIn.json()) as { user: { clinics: Array<{ id: string }> } };
  const email = `two-step.${width}.${randomBytes(4).toString('hex')}@carebook.test`;
  const created = await admin.post('/api/admin/agents', {
    data: {
      email,
      name: 'Ines Duarte',
      role: 'staff',
      clinicIds: user.clinics.map((c) => c.id),
      password: PASSWORD,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.dispose();
  return email;
}

/** The code the app would show `offsetSeconds` from now. */
function codeFor(key: string, offsetSeconds = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

async function signOut(page: Page) {
  const res = await page.request.post('/api/auth/logout', { headers: { origin: origin() } });
  expect(res.ok()).toBe(true);
  await page.goto('/auth/login');
}

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${width} width`, () => {
    test.use({ viewport });

    test('set up the app, then sign in with its code or a recovery code', async ({ page }) => {
      const email = await newStaffMember(width);
      await page.goto('/auth/login?next=/settings');
      await submitSignIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/settings/);

      const section = page.getByRole('region', { name: 'Two-step sign-in' });
      await expect(section.getByText('Two-step sign-in is off.')).toBeVisible();
      await section.getByRole('button', { name: 'Set up authenticator app' }).click();
      await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
      const key = await section.getByLabel('Key').inputValue();
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      await section.getByLabel('Code from the app').fill(codeFor(key));
      await section.getByRole('button', { name: 'Confirm and turn on' }).click();
      // The codes appear once the server has confirmed the app: wait for them, then read them.
      const shown = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(shown).toHaveCount(10);
      const codes = await shown.allTextContents();
      await section.getByRole('button', { name: 'Done' }).click();
      await expect(
        section.getByText('Two-step sign-in is on: your authenticator app is set up.'),
      ).toBeVisible();

      // With the app: the next 30-second code (the one just used is refused as a replay).
      await signOut(page);
      await submitSignIn(page, email, PASSWORD);
      await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
      const codeField = page.getByLabel('Code from your authenticator app');
      await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(codeField).toHaveAttribute('inputmode', 'numeric');
      await codeField.fill('000000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alert')).toContainText('That code is not right.');
      await codeField.fill(codeFor(key, 30));
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).not.toHaveURL(/\/auth\/login/);

      // Without the phone: a recovery code, good once.
      await signOut(page);
      await submitSignIn(page, email, PASSWORD);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(codes[0]!);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).not.toHaveURL(/\/auth\/login/);
      await page.goto('/settings');
      await expect(page.getByText('Recovery codes left:')).toContainText('9 of 10');
    });
  });
}
