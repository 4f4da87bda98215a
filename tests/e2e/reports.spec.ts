import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

test('an admin opens the reports, splits them by provider and downloads a table as CSV', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin', { next: '/dashboard' });
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Month by month' })).toBeVisible();

  // By keyboard: the "Split by" choice opens, moves and closes without a pointer.
  await page.getByRole('combobox', { name: 'Split by' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Provider' }).press('Enter');
  const byProvider = page.getByRole('region', { name: 'By provider' });
  await expect(byProvider).toBeVisible();
  await expect(page).toHaveURL(/group=provider/);
  // The demo's provider has a line, with a no-show rate written as a percentage.
  const row = byProvider.getByRole('row', { name: /Dr\. Priya Raman/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText(/%$/);

  const download = page.waitForEvent('download');
  await byProvider.getByRole('link', { name: 'Download CSV: By provider' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^carebook-report-provider-totals-.*\.csv$/);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trim().split('\n');
  expect(header).toMatch(/^Provider,Booked,Attended,No-shows,No-show rate,/);
  expect(lines.some((line) => line.startsWith('Dr. Priya Raman,'))).toBe(true);
});
