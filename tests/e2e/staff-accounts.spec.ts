import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, submitSignIn } from './fixtures';
import { useMailedServer } from './mailed-server';

// Issue 43 (ADR 047): an admin invites a new staff member, who chooses their own password by the
// link in their e-mail and signs in; a forgotten password is reset by e-mail, which signs the
// account out everywhere; and "Where you're signed in" signs other browsers out. At desktop and
// phone widths, each with its own invitee.

const env = useMailedServer(41, 'carebook_e2e_staff_accounts');
// Each step loads a page of the built app on a machine shared with other journeys: waits are long.
const expect = baseExpect.configure({ timeout: 20_000 });

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const FIRST_PASSWORD = 'copper kettle meadow 31';
const SECOND_PASSWORD = 'velvet harbour lantern 58';

async function browserAt(browser: Browser, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const context = await browser.newContext({
    baseURL: env.server.url,
    viewport,
    timezoneId: 'America/New_York',
  });
  return { context, page: await context.newPage() };
}

/** The link of the newest e-mail to `email` that has one under `path`. */
async function linkMailedTo(email: string, path: string): Promise<string> {
  const mail = await env.mail((text) => text.includes(email) && text.includes(path));
  const link = new RegExp(`https?://\\S+${path.replace('?', '\\?')}[A-Za-z0-9_-]+`).exec(mail)?.[0];
  expect(link, 'the e-mail carries its link').toBeTruthy();
  return link!;
}

async function choosePassword(page: Page, password: string, submit: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: submit }).click();
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`staff accounts at ${width} width: invitation, reset by e-mail, and signing out elsewhere`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const email = `jordan.${width}.${Date.now()}@example.org`;
    const name = `Jordan Reyes ${width}`;

    // The admin invites.
    const admin = await browserAt(browser, viewport);
    await admin.page.goto('/auth/login?next=%2Fadmin%2Fagents');
    await submitSignIn(admin.page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await expect(admin.page).toHaveURL(/\/admin\/agents/);
    await admin.page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite staff member' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    const clinics = dialog.getByRole('group', { name: 'Clinics' }).getByRole('checkbox');
    if (!(await clinics.first().isChecked())) await clinics.first().check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const invitation = admin.page.getByRole('listitem', { name: `Invitation for ${name}` });
    await expect(invitation).toContainText(email);

    // The invitee follows the link, chooses a password, and signs in with the e-mail filled in.
    const invitee = await browserAt(browser, viewport);
    await invitee.page.goto(await linkMailedTo(email, '/auth/invitation?token='));
    await expect(invitee.page.getByText(`${DEMO_ACCOUNTS.admin.name} invited you`)).toBeVisible();
    await choosePassword(invitee.page, FIRST_PASSWORD, 'Create my account');
    await expect(invitee.page).toHaveURL(/\/auth\/login\?email=/);
    await expect(invitee.page.getByLabel('Email')).toHaveValue(email);
    await invitee.page.getByLabel('Password').fill(FIRST_PASSWORD);
    await invitee.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(invitee.page).not.toHaveURL(/\/auth\//);
    await admin.page.reload();
    await expect(admin.page.getByRole('listitem', { name: `Invitation for ${name}` })).toHaveCount(
      0,
    );

    // Forgotten password: a link by e-mail; the new password ends the session signed in above.
    const other = await browserAt(browser, viewport);
    await other.page.goto('/auth/login');
    await other.page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in page has an Email field too: fill the one of the page the link opened.
    await expect(other.page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await other.page.getByLabel('Email').fill(email);
    await other.page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(other.page.getByRole('status')).toContainText('a link to choose a new password');
    await other.page.goto(await linkMailedTo(email, '/auth/reset?token='));
    await expect(other.page.getByText(`For ${email}`)).toBeVisible();
    await choosePassword(other.page, SECOND_PASSWORD, 'Save new password');
    await expect(other.page.getByRole('status')).toContainText('Your password is changed');
    await other.page.getByRole('link', { name: 'Sign in' }).click();
    await expect(other.page.getByLabel('Email')).toHaveValue(email);
    await other.page.getByLabel('Password').fill(SECOND_PASSWORD);
    await other.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(other.page).not.toHaveURL(/\/auth\//);
    await invitee.page.goto('/settings');
    await expect(invitee.page).toHaveURL(/\/auth\/login/);
    // The link was for one use.
    await invitee.page.goto(await linkMailedTo(email, '/auth/reset?token='));
    await expect(invitee.page.getByRole('alert')).toHaveText(
      'This link has expired or was already used. Ask for a new one.',
    );

    // Where you're signed in: a third browser, then signed out from this one.
    const third = await browserAt(browser, viewport);
    await third.page.goto('/auth/login');
    await submitSignIn(third.page, email, SECOND_PASSWORD);
    await expect(third.page).not.toHaveURL(/\/auth\//);
    await other.page.goto('/settings');
    const sessions = other.page.getByRole('list', { name: 'Your sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This browser')).toBeVisible();
    await other.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await third.page.goto('/settings');
    await expect(third.page).toHaveURL(/\/auth\/login/);

    for (const each of [admin, invitee, other, third]) await each.context.close();
  });
}
