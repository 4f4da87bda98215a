import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { chromiumLaunchOptions, DEMO_ACCOUNTS, DEMO_PASSWORD, submitSignIn } from './fixtures';
import { providerApi, startSessionServer, type SessionServer } from './session-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../src/server/test/webhook-receiver';

/**
 * An admin adds a webhook endpoint at /admin/integrations, a booking is made, and the admin sees
 * it delivered (to a real local receiver, which verifies the signature) in the delivery log.
 * The app runs on its own, with private addresses allowed, so the receiver can be local.
 */

test.use({ launchOptions: chromiumLaunchOptions });

const PORT = Number(process.env.E2E_PORT ?? 3100) + 71;
let server: SessionServer | undefined;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = await startWebhookReceiver();
  server = await startSessionServer(PORT, {
    WEBHOOK_ALLOW_PRIVATE: 'true',
    OUTBOX_POLL_MS: '300',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

test('an admin adds a webhook endpoint and sees a booking delivered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server!.url}/auth/login?next=${encodeURIComponent('/admin/integrations')}`);
  await submitSignIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await dialog.getByLabel('URL').fill(receiver.url);
  await dialog.getByLabel('Description').fill('Billing system');
  const clinics = dialog.getByRole('group', { name: 'Clinics' }).getByRole('checkbox');
  for (const box of await clinics.all()) await box.check();
  // Patients' visit links go out only when an admin asks for them (ADR 030).
  await expect(dialog.getByRole('checkbox', { name: 'Visit links' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();

  // Saved: the dialog now shows the signing secret for the receiver.
  const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
  const secret = await edit.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.screenshot({ path: 'test-results/e2e/integrations-webhook-dialog.png' });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('cell', { name: `${receiver.url} Billing system` })).toBeVisible();

  const provider = await providerApi(server!.url);
  const visit = await provider.book(1);
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
  const payload = new Webhook(secret).verify(
    receiver.received[0]!.body,
    receiver.received[0]!.headers,
  ) as { type: string; data: { _id: string } };
  expect(payload).toMatchObject({ type: 'appointment.created', data: { _id: visit.id } });
  expect(payload.data).not.toHaveProperty('token');

  await page.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  await expect(log.getByText('appointment.created')).toBeVisible();
  await expect(log.getByText('Delivered')).toBeVisible();
  await expect(log.getByRole('cell', { name: '200', exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/integrations-webhook-log.png' });

  await log.getByRole('button', { name: /^Resend appointment\.created/ }).click();
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
  expect(receiver.received[1]!.headers['webhook-id']).toBe(
    receiver.received[0]!.headers['webhook-id'],
  );
});
