import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signInWith, test } from './fixtures';

// Issue 26, first part: an admin turns online booking on for a provider at Admin → Clinics, and
// the public API answers for the clinic only while it is on. The clinic is left as it was found.

test.use({ viewport: { width: 1280, height: 900 } });

test('an admin turns online booking on for a provider, and the public API follows', async ({
  page,
}) => {
  await signInWith(
    page,
    { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
    '/admin/clinics/riverside',
  );
  const publicClinic = () => page.request.get('/api/public/clinics/riverside');
  expect((await publicClinic()).status()).toBe(404);

  const form = page.getByRole('form', { name: 'Online booking' });
  await form.getByLabel('Patients may book online').check();
  await form.getByLabel(DEMO_ACCOUNTS.provider.name).check();
  await form.getByLabel('60 min').check();
  await form.getByLabel('Introduction').fill('New patients welcome.');
  await form.getByRole('button', { name: 'Save online booking settings' }).click();
  await expect(page.getByText('Online booking settings saved.')).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/online-booking-admin.png', fullPage: true });

  const res = await publicClinic();
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({
    slug: 'riverside',
    intro: 'New patients welcome.',
    providers: [{ name: DEMO_ACCOUNTS.provider.name }],
    durations: [30, 60],
  });

  await form.getByLabel('Patients may book online').uncheck();
  await form.getByRole('button', { name: 'Save online booking settings' }).click();
  await expect(page.getByText('Online booking settings saved.').first()).toBeVisible();
  await expect.poll(async () => (await publicClinic()).status()).toBe(404);
});
