// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { createAppointment } from '../../test/appointment-factory';
import { fakeApi, sessionAs, type RecordedCall } from '../../test/fake-api';
import { json } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';
import { createServiceView } from '@web/test/service-view';
import { ChangeAppointmentDialog, type ChangeMode } from './change-appointment-dialog';

const ZONE = 'America/New_York';
// 2030-03-04 is a Monday; New York is on EST (UTC-5) then.
const appointment = createAppointment({ date: '2030-03-04T14:30:00.000Z' });
const current = appointment.staff;
const agents = [
  { _id: current.id, name: current.name, email: current.email, role: 'provider', timezone: ZONE },
  {
    _id: 'n-1',
    name: 'Nora Kelly, RN',
    email: 'nurse@carebook.test',
    role: 'nurse',
    timezone: ZONE,
  },
];
const slotOf = (agent: (typeof agents)[number], startTime: string) => ({
  slotId: `${agent._id}:${startTime}`,
  timestamp: startTime,
  startTime,
  endTime: new Date(Date.parse(startTime) + 45 * 60_000).toISOString(),
  agentId: agent._id,
  agentName: agent.name,
  agentEmail: agent.email,
  durationMinutes: 45,
});
const slots = [
  slotOf(agents[0]!, '2030-03-04T16:00:00.000Z'),
  slotOf(agents[1]!, '2030-03-04T17:00:00.000Z'),
];

let calls: RecordedCall[];
let putAnswer: () => Response;

beforeEach(() => {
  putAnswer = () => json(appointment);
  calls = fakeApi({
    'GET /api/auth/session': sessionAs('staff'),
    'GET /api/clinics/riverside/nurses': () => json(agents),
    'GET /api/clinics/riverside/slots': ({ url }) => {
      const agentId = url.searchParams.get('agentId');
      return json({
        timezone: ZONE,
        slots: slots.filter((s) => !agentId || s.agentId === agentId),
      });
    },
    [`PUT /api/appointments/${appointment._id}`]: () => putAnswer(),
  });
});
afterEach(() => {
  // Sonner keeps its toasts in module state: start every test with none.
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(mode: ChangeMode, onClose = vi.fn()) {
  renderWithClient(
    <ChangeAppointmentDialog
      open
      mode={mode}
      appointment={appointment}
      timeZone={ZONE}
      onClose={onClose}
    />,
    { toasts: true },
  );
  return onClose;
}

const save = () => screen.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ });

describe('ChangeAppointmentDialog (spec §2, §5, §7)', { timeout: 20_000 }, () => {
  it('shows the server’s words when the provider is busy in their outside calendar, and books anyway with the override', async () => {
    const user = userEvent.setup();
    const message =
      'Dr. Priya Raman is busy in their outside calendar at this time. Pick another slot.';
    let puts = 0;
    putAnswer = () =>
      ++puts === 1 ? json({ error: 'outside_busy', message }, 409) : json(appointment);
    const onClose = renderDialog('reschedule');
    await user.click((await screen.findAllByRole('radio'))[0]!);
    await user.click(save());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Book anyway' }));

    expect(await screen.findByText('Appointment updated successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const bodies = calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(c.body!));
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).not.toHaveProperty('overrideOutsideBusy');
    expect(bodies[1]).toEqual({ ...bodies[0], overrideOutsideBusy: true });
  });

  it('offers no “Book anyway” for a time taken here', async () => {
    const user = userEvent.setup();
    putAnswer = () =>
      json({ error: 'conflict', message: 'This time was just booked by someone else.' }, 409);
    renderDialog('reschedule');
    await user.click((await screen.findAllByRole('radio'))[0]!);
    await user.click(save());
    expect(
      await screen.findByText('This time was just booked by someone else.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book anyway' })).toBeNull();
  });

  it('reschedules with the current agent: title, current time, and Save only after a choice', async () => {
    const user = userEvent.setup();
    const onClose = renderDialog('reschedule');
    expect(screen.getByRole('heading', { name: 'Reschedule Appointment' })).toBeInTheDocument();
    expect(screen.getByText('Current: Mar 4, 2030 at 9:30 AM')).toBeInTheDocument();
    expect(screen.getByText('Provider: Dr. Priya Raman')).toBeInTheDocument();
    expect(save().hasAttribute('disabled')).toBe(true);

    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['11:00 AM']);
    await user.click(radios[0]!);
    expect(save().hasAttribute('disabled')).toBe(false);
    await user.click(save());

    expect(await screen.findByText('Appointment updated successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({
      id: appointment._id,
      date: '2030-03-04T16:00:00.000Z',
      staff: { id: current.id, name: current.name, email: current.email },
      duration: 45,
    });
  });

  it('asks for the free times of the appointment’s own service, whose buffers they keep', async () => {
    const physio = createServiceView({
      id: 'svc-physio',
      clinicId: 'clinic-1',
      name: 'Physiotherapy',
      durations: [45, 60],
      bufferAfterMinutes: 15,
      kind: 'in_person',
      colour: '#16a34a',
    });
    const booked = { ...appointment, duration: 45, serviceId: physio.id };
    calls = fakeApi({
      'GET /api/auth/session': sessionAs('staff'),
      'GET /api/clinics': () =>
        json([
          { id: 'clinic-1', slug: 'riverside', name: 'Riverside Family Clinic', timezone: ZONE },
        ]),
      'GET /api/clinics/clinic-1/services': () => json({ data: [physio] }),
      'GET /api/clinics/riverside/nurses': () => json(agents),
      'GET /api/clinics/riverside/slots': () => json({ timezone: ZONE, slots }),
    });
    renderWithClient(
      <ChangeAppointmentDialog
        open
        mode="reschedule"
        appointment={booked}
        timeZone={ZONE}
        onClose={vi.fn()}
      />,
    );
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.pathname.endsWith('/slots') &&
            c.url.searchParams.get('serviceId') === physio.id &&
            c.url.searchParams.get('duration') === '45',
        ),
      ).toBe(true),
    );
  });

  it('does not offer the appointment’s own time, which would change nothing', async () => {
    const own = {
      ...slotOf(agents[0]!, appointment.date),
      durationMinutes: appointment.duration,
    };
    slots.push(own);
    try {
      renderDialog('reschedule');
      const radios = await screen.findAllByRole('radio');
      expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['11:00 AM']);
    } finally {
      slots.pop();
    }
  });

  it('reassigns among the clinic’s agents but the current one', async () => {
    const user = userEvent.setup();
    renderDialog('reassign');
    expect(screen.getByRole('heading', { name: 'Reassign Appointment' })).toBeInTheDocument();
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['12:00 PM']);
    expect(screen.queryByText(/This also moves the appointment/)).toBeNull();
    await user.click(radios[0]!);
    // Another time than the appointment's: the reassign is a reschedule too, said before Save.
    expect(screen.getByText(/^This also moves/).textContent).toBe(
      'This also moves the appointment from Mar 4, 2030, 9:30 AM – 10:00 AM to Mar 4, 2030, 12:00 PM – 12:45 PM.',
    );
    await user.click(save());
    await screen.findByText('Appointment updated successfully');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(put.body!).staff).toEqual({
      id: 'n-1',
      name: 'Nora Kelly, RN',
      email: 'nurse@carebook.test',
    });
  });

  it('when the time was taken meanwhile: the server’s message, back to fresh times', async () => {
    putAnswer = () =>
      json(
        {
          error: 'Conflict',
          message: 'This time was just booked by someone else. Pick another slot.',
        },
        409,
      );
    const user = userEvent.setup();
    const onClose = renderDialog('reschedule');
    await user.click((await screen.findAllByRole('radio'))[0]!);
    const slotLoads = () => calls.filter((c) => c.url.pathname.endsWith('/slots')).length;
    const before = slotLoads();
    await user.click(save());

    expect(
      await screen.findByText('This time was just booked by someone else. Pick another slot.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(save().hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(slotLoads()).toBeGreaterThan(before));
  });

  it('shows the fallback message when the server gives none', async () => {
    putAnswer = () => new Response('', { status: 422 });
    const user = userEvent.setup();
    renderDialog('reschedule');
    await user.click((await screen.findAllByRole('radio'))[0]!);
    await user.click(save());
    expect(await screen.findByText('Failed to update appointment')).toBeInTheDocument();
  });
});
