import { expect, test } from '@playwright/test';

test('the app opens in Chromium and sends a visitor to the sign-in page', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('the API reports a healthy embedded database: the PostgreSQL server the app runs itself', async ({
  request,
}) => {
  const res = await request.get('/api/health');
  expect(res.ok()).toBe(true);
  expect(await res.json()).toMatchObject({
    status: 'ok',
    database: { kind: 'postgres', embedded: true, status: 'up' },
  });
});
