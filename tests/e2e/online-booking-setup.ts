import { expect, request as playwrightRequest } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './fixtures';

/**
 * The online booking journeys' set-up: signs the demo admin in to the API at `baseURL` and turns
 * online booking on at Riverside, with the demo provider and `durations`, the clinic's reminders
 * kept as they are. The admin's API is returned for the rest of the set-up.
 */
export async function openOnlineBooking(baseURL: string, durations: number[]) {
  const admin = await playwrightRequest.newContext({ baseURL });
  const login = await admin.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const agents = (await (await admin.get('/api/clinics/riverside/nurses')).json()) as Array<{
    _id: string;
    name: string;
  }>;
  const providerId = agents.find((a) => a.name === DEMO_ACCOUNTS.provider.name)!._id;
  const policy = (await (await admin.get('/api/admin/clinics/riverside/policy')).json()) as {
    policy: { reminders: unknown };
  };
  const saved = await admin.put('/api/admin/clinics/riverside/policy', {
    data: {
      reminders: policy.policy.reminders,
      onlineBooking: {
        enabled: true,
        agentIds: [providerId],
        durations,
        minNoticeHours: 12,
        horizonDays: 60,
        intro: null,
        allowNewPatients: true,
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return admin;
}
