import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClinicPolicyView } from '@contracts/clinic-policy';

// What the clinic policy forms' tests share: a clinic's policy as the server answers it, a stub
// of the policy endpoint, and a query client to render a form in.

export const CURRENT_POLICY: ClinicPolicyView = {
  clinic: { id: 'c1', slug: 'riverside', name: 'Riverside', timezone: 'America/New_York' },
  policy: {
    reminders: { offsetsMinutes: [1440, 120] },
    selfService: {
      allowReschedule: true,
      allowCancel: true,
      cutoffHours: 24,
      maxReschedules: 2,
      phone: null,
    },
    waitlist: { offersAtOnce: 1, holdMinutes: 120 },
    onlineBooking: {
      enabled: false,
      agentIds: [],
      durations: [30],
      minNoticeHours: 12,
      horizonDays: 60,
      intro: null,
      allowNewPatients: true,
    },
  },
};

/**
 * Stands in for `PUT /api/admin/clinics/:slug/policy`: records each body sent (in the returned
 * array) and answers the whole policy, the parts sent over the ones kept, as the server does.
 */
export function stubPolicyServer<Body extends object>(
  current: ClinicPolicyView = CURRENT_POLICY,
  rescheduledAppointments = 0,
): Body[] {
  const sent: Body[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Body;
      sent.push(body);
      return new Response(
        JSON.stringify({
          clinic: current.clinic,
          policy: { ...current.policy, ...body },
          rescheduledAppointments,
        }),
      );
    }),
  );
  return sent;
}

export function renderWithQueryClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
