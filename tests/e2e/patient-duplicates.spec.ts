import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { horizontalOverflow, seriousProblems } from './page-checks';

/**
 * Issue 41's duplicates journey: the front desk finds two records of one person in the list of
 * possible duplicates, compares them side by side, keeps one and merges the other into it; the
 * merged-away record then points to the kept one. On a phone the list, the profile's card and
 * the dialog fit, and "Not a duplicate" takes a pair off the list.
 */

/** Letters only (names refuse digits), different on every run so runs do not meet. */
function runLetters(): string {
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  }
  return letters;
}

/** Adds two records of one invented person through the app's own API, the second one retyped. */
async function addTwoRecords(page: Page) {
  const lastName = `Aab${runLetters()}`;
  const add = (firstName: string, email: string) =>
    page.evaluate(
      async (body) => {
        const res = await fetch('/api/clinics/riverside/patients', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
        return ((await res.json()) as { _id: string })._id;
      },
      { firstName, lastName, email, dob: '1961-03-07' },
    );
  const older = await add('Quinn', `quinn.${lastName.toLowerCase()}@example.com`);
  const newer = await add('Quin', `q.${lastName.toLowerCase()}@example.net`);
  return { lastName, older, newer };
}

test('find two records of one person, compare them and merge one into the other', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin', { next: '/patients' });
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible({
    timeout: 15_000,
  });
  const { lastName, older, newer } = await addTwoRecords(page);
  await page.getByRole('link', { name: 'Possible duplicates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeVisible({
    timeout: 15_000,
  });
  const pair = page.getByRole('listitem').filter({ hasText: lastName });
  await expect(pair).toBeVisible();
  await expect(pair.getByText('Same date of birth and a similar name')).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/duplicates-desktop.png', fullPage: true });

  await pair.getByRole('button', { name: /^Compare and merge/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Merge these records?' });
  await expect(dialog).toBeVisible();
  // The older record is offered as the one to keep; the front desk keeps it, by keyboard.
  const keepOlder = dialog.getByRole('radio', { name: /Keep record B/ });
  await expect(keepOlder).toBeChecked();
  await dialog.getByRole('radio', { name: /Keep record A/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(keepOlder).toBeChecked();
  await expect(
    dialog.getByText(`Quin ${lastName}’s record will be merged into Quinn ${lastName}’s.`),
  ).toBeVisible();
  expect(await seriousProblems(page, '[role="alertdialog"]')).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/merge-dialog-desktop.png' });
  await dialog.getByRole('button', { name: 'Merge records' }).click();
  await expect(page.getByText(/^Records merged: 0 visits moved to Quinn /)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(pair).toHaveCount(0);

  await page.goto(`/patients/${newer}`);
  const notice = page.getByRole('status').filter({ hasText: 'Merged into' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book for this patient' })).toHaveCount(0);
  await notice.getByRole('link', { name: `Quinn ${lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${older}$`));
  await expect(page.getByRole('button', { name: 'Book for this patient' })).toBeVisible();
});

test('on a phone the list, the profile’s card and the dialog fit, and a pair can be dismissed', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff', { next: '/patients' });
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible({
    timeout: 15_000,
  });
  const { lastName, older } = await addTwoRecords(page);

  await page.goto(`/patients/${older}`);
  const card = page.getByRole('region', { name: 'Possible duplicates' });
  await expect(card.getByRole('link', { name: `Quin ${lastName}` })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);

  await page.goto('/patients/duplicates');
  const pair = page.getByRole('listitem').filter({ hasText: lastName });
  await expect(pair).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousProblems(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/duplicates-phone.png', fullPage: true });

  await pair.getByRole('button', { name: /^Compare and merge/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Merge these records?' });
  await expect(dialog.getByRole('row', { name: /Date of birth/ })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/e2e/merge-dialog-phone.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await pair.getByRole('button', { name: /^Not a duplicate/ }).click();
  await expect(page.getByText('Marked as different people')).toBeVisible();
  await expect(pair).toHaveCount(0);
});
