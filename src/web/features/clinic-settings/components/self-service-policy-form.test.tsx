// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClinicPolicyView } from '@contracts/clinic-policy';
import { SelfServicePolicyForm } from './self-service-policy-form';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const current: ClinicPolicyView = {
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
let sent: Array<{ reminders: unknown; selfService: unknown }>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as (typeof sent)[number];
      sent.push(body);
      return new Response(
        // The server answers the whole policy: what was sent, and the parts it kept.
        JSON.stringify({
          clinic: current.clinic,
          policy: { ...current.policy, ...body },
          rescheduledAppointments: 0,
        }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.success.mockReset();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SelfServicePolicyForm slug="riverside" current={current} />
    </QueryClientProvider>,
  );
}

describe('SelfServicePolicyForm', () => {
  it('saves the switches, the cut-off, the moves and the phone with the reminders as they are', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Cut-off (hours before the start)')).toHaveValue(24);
    await user.click(screen.getByLabelText('Patients may cancel online'));
    const cutoff = screen.getByLabelText('Cut-off (hours before the start)');
    await user.clear(cutoff);
    await user.type(cutoff, '48');
    await user.type(screen.getByLabelText('Clinic phone for patients'), ' (555) 010-2030 ');
    await user.click(screen.getByRole('button', { name: 'Save online changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      reminders: { offsetsMinutes: [1440, 120] },
      selfService: {
        allowReschedule: true,
        allowCancel: false,
        cutoffHours: 48,
        maxReschedules: 2,
        phone: '(555) 010-2030',
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Online changes saved.'));
  });

  it('refuses a cut-off past 30 days and a phone that is not one, in the contract’s words', async () => {
    const user = userEvent.setup();
    renderForm();
    const cutoff = screen.getByLabelText('Cut-off (hours before the start)');
    await user.clear(cutoff);
    await user.type(cutoff, '800');
    await user.type(screen.getByLabelText('Clinic phone for patients'), 'call us');
    await user.click(screen.getByRole('button', { name: 'Save online changes' }));
    expect(
      await screen.findByText('The cut-off must be at most 720 hours (30 days)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The phone number must be a phone number such as (555) 123-4567'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
