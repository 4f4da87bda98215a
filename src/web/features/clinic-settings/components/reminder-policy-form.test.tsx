// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClinicPolicyView } from '@contracts/clinic-policy';
import { ReminderPolicyForm } from './reminder-policy-form';

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
let sent: unknown[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { reminders: { offsetsMinutes: number[] } };
      sent.push(body);
      return new Response(
        JSON.stringify({
          clinic: current.clinic,
          policy: {
            reminders: { offsetsMinutes: [...body.reminders.offsetsMinutes] },
            selfService: current.policy.selfService,
            waitlist: current.policy.waitlist,
            onlineBooking: current.policy.onlineBooking,
          },
          rescheduledAppointments: 4,
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
      <ReminderPolicyForm slug="riverside" current={current} />
    </QueryClientProvider>,
  );
}

describe('ReminderPolicyForm', () => {
  it('shows the policy in days and hours, and saves a change in minutes', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Reminder 1, how long before')).toHaveValue(1);
    expect(screen.getByLabelText('Reminder 1, unit')).toHaveValue('days');
    expect(screen.getByLabelText('Reminder 2, how long before')).toHaveValue(2);
    expect(screen.getByLabelText('Reminder 2, unit')).toHaveValue('hours');
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    const third = screen.getByLabelText('Reminder 3, how long before');
    await user.clear(third);
    await user.type(third, '30');
    await user.selectOptions(screen.getByLabelText('Reminder 3, unit'), 'minutes');
    expect(screen.getByRole('button', { name: 'Add reminder' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ reminders: { offsetsMinutes: [1440, 120, 30] } });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Reminders saved. 4 upcoming appointments will be reminded on the new schedule.',
      ),
    );
  });

  it('refuses a reminder outside 15 minutes to 7 days, and one at the same time as another', async () => {
    const user = userEvent.setup();
    renderForm();
    const first = screen.getByLabelText('Reminder 1, how long before');
    await user.clear(first);
    await user.type(first, '8');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A reminder goes out between 15 minutes and 7 days before the start.',
    );
    expect(first).toHaveAttribute('aria-invalid', 'true');
    await user.clear(first);
    await user.type(first, '2');
    await user.selectOptions(screen.getByLabelText('Reminder 1, unit'), 'hours');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another reminder already goes out at this time.',
    );
    expect(sent).toEqual([]);
  });

  it('saves no reminders at all when every one is removed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Remove reminder 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove reminder 1' }));
    expect(
      screen.getByText(/No reminders: patients hear from the clinic only/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(sent).toEqual([{ reminders: { offsetsMinutes: [] } }]));
  });
});
