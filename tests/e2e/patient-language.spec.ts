import { expect, test, type Page } from '@playwright/test';
import { renderMessage } from '../../src/server/modules/notifications/messages';
import { mailWords } from '../../src/server/modules/notifications/mail-words';
import { chromiumLaunchOptions } from './fixtures';

/**
 * Issue 44, looked at in Chromium: a patient's e-mail in Spanish on a phone, light and dark, and
 * the visit page in Spanish (the browser's language) and then French (the switch). Screenshots
 * go to test-results/e2e for review against the catalogues.
 */

test.use({ launchOptions: chromiumLaunchOptions, viewport: { width: 390, height: 844 } });

const START = new Date(Date.now() + 3 * 86_400_000);
START.setUTCHours(15, 0, 0, 0);

const mail = renderMessage(
  'appointment.booked',
  {
    appointmentId: '4f7d1c2e-0000-4000-8000-000000000044',
    clinic: { id: 'c1', name: 'Riverside Family Clinic', timezone: 'America/New_York' },
    start: START.toISOString(),
    durationMinutes: 45,
    token: 'tok_patient_language_000000000000',
    patient: { name: 'Roman Abbott', email: 'roman@example.com' },
    staff: { name: 'Dr. Priya Raman', email: 'priya@example.com' },
    sequence: 0,
  },
  { email: 'roman@example.com', name: 'Roman Abbott', role: 'patient' },
  'https://care.example',
  {
    kind: 'in_person',
    serviceName: 'Physiotherapy',
    address: '118 Riverside Drive\nSpringfield, IL 62701',
    instructions: 'Wear loose clothing.\nBring your referral letter.',
  },
  { address: '118 Riverside Drive\nSpringfield, IL 62701', phone: '(555) 010-2030' },
  mailWords('es'),
);

/** Nothing wider than the phone: no sideways scrolling to read a line or reach the button. */
async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('a patient’s e-mail reads on a phone in their language, light and dark', async ({ page }) => {
  await page.setContent(mail.html);
  await expect(page.getByRole('heading', { name: 'Su cita está reservada' })).toBeVisible();
  const button = page.getByRole('link', { name: 'Ver su cita' });
  await expect(button).toBeVisible();
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // The zone as Chromium's Intl names it in Spanish ("hora oriental"), not its id.
  await expect(page.getByText(/\(hora [^)]+\)/).first()).toBeVisible();
  await fitsThePhone(page);
  await page.screenshot({ path: 'test-results/e2e/mail-es-phone-light.png', fullPage: true });
  const light = await page.locator('.card').evaluate((e) => getComputedStyle(e).backgroundColor);

  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await page.locator('.card').evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(dark).not.toBe(light);
  await fitsThePhone(page);
  await page.screenshot({ path: 'test-results/e2e/mail-es-phone-dark.png', fullPage: true });
});

test.describe('the visit page in the browser’s language, then the patient’s choice', () => {
  test.use({ locale: 'es-ES', timezoneId: 'America/Chicago' });

  test('reads in Spanish, and in French after the switch', async ({ page }) => {
    // The page's own answer, as GET /api/session gives it: this journey looks at the words.
    await page.route('**/api/session?token=*', (route) =>
      route.fulfill({
        json: {
          appointmentId: 'a1',
          clinic: { name: 'Riverside Family Clinic', timezone: 'America/New_York' },
          provider: { name: 'Dr. Priya Raman' },
          patient: { firstName: 'Roman' },
          start: START.toISOString(),
          durationMinutes: 45,
          status: 'BOOKED',
          state: 'too_early',
          joinOpensAt: new Date(START.getTime() - 10 * 60_000).toISOString(),
          joinClosesAt: new Date(START.getTime() + 60 * 60_000).toISOString(),
          serverNow: new Date().toISOString(),
          confirmable: true,
          reach: { phone: '(555) 010-2030', address: null, bookOnlinePath: null },
          cancellation: null,
          selfService: {
            reschedule: { allowed: true, refusal: null },
            cancel: { allowed: true, refusal: null },
            closed: null,
            cutoffAt: new Date(START.getTime() - 86_400_000).toISOString(),
            horizonEnd: new Date(START.getTime() + 30 * 86_400_000).toISOString(),
          },
          visit: {
            kind: 'in_person',
            serviceName: 'Physiotherapy',
            address: '118 Riverside Drive\nSpringfield, IL 62701',
            instructions: 'Wear loose clothing.',
            phoneEnding: null,
          },
          language: { preferred: null, clinicDefault: 'en' },
        },
      }),
    );
    await page.goto('/session/?token=tok_patient_language_000000000000');
    await expect(page.getByRole('heading', { name: 'Hola, Roman' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirmar mi cita' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await fitsThePhone(page);
    await page.screenshot({ path: 'test-results/e2e/session-es-phone.png', fullPage: true });

    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { name: 'Bonjour Roman' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirmer mon rendez-vous' })).toBeVisible();
    await fitsThePhone(page);
    await page.screenshot({ path: 'test-results/e2e/session-fr-phone.png', fullPage: true });
    // The choice is kept on this device: the next patient page opens in French.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bonjour Roman' })).toBeVisible();
  });
});
