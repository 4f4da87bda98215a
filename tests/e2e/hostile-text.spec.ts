import { expect, test } from './fixtures';

// Stored text with markup in it shows as text on every screen that shows it, and runs nothing.
const HOSTILE = '<img src=x onerror=alert(1)>';

test('a patient named with HTML reads as text in the list, the details and the visit page, and runs nothing', async ({
  page,
  signIn,
}) => {
  test.slow();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, 'staff', { next: '/appointments' });
  const api = page.request;
  const origin = new URL(page.url()).origin;
  const email = `hostile.${Date.now()}@example.com`;
  const patient = await api.post('/api/clinics/riverside/patients', {
    data: { firstName: HOSTILE, lastName: 'Tester', email },
    headers: { origin },
  });
  expect(patient.status()).toBe(201);
  const patientId = (await patient.json())._id as string;
  const agents = (await (await api.get('/api/clinics/riverside/nurses')).json()) as Array<{
    _id: string;
  }>;
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const { slots } = (await (
    await api.get(`/api/clinics/riverside/slots?from=${from}&to=${to}&agentId=${agents[0]!._id}`)
  ).json()) as { slots: Array<{ startTime: string; agentId: string }> };
  const booked = await api.post('/api/appointments', {
    data: {
      date: slots[0]!.startTime,
      staff: { id: slots[0]!.agentId },
      patient: { id: patientId, clinic: 'riverside' },
      metadata: { notes: `<script>alert("notes")</script>` },
    },
    headers: { origin },
  });
  expect(booked.status()).toBe(201);
  const appointmentId = (await booked.json())._id as string;

  await page.goto(`/appointments?search=${encodeURIComponent('tester')}`);
  await expect(page.getByText(`${HOSTILE} Tester`).first()).toBeVisible();
  await page.goto(`/appointments?view=${appointmentId}`);
  const details = page.getByRole('dialog');
  await expect(details.getByText(`${HOSTILE} Tester`).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  await page.goto(`/session/${appointmentId}`);
  await expect(page.getByText(`${HOSTILE} Tester`).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
