// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, polyfillPointerApis } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';
import { createResourceView } from '@web/test/resource-view';
import { createServiceView } from '@web/test/service-view';
import { CreateAppointmentButton } from './create-appointment-button';
import { NORA, nora, priya, stubServer, videoVisit, type StubOptions } from './wizard-test-kit';

// Step 2's Service (issue 42): what is booked decides the lengths, the providers and the slots,
// and the booking names it; the clinic's default service leaves the wizard as the spec has it.

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

type User = ReturnType<typeof userEvent.setup>;

const physiotherapy = createServiceView({
  clinicId: 'c2',
  name: 'Physiotherapy',
  kind: 'in_person',
  durations: [45],
  bufferAfterMinutes: 15,
  colour: '#059669',
  offeredByAll: false,
  agents: [{ id: NORA, name: 'Nora Kelly', durationMinutes: null }],
});
const riversideServices = [videoVisit, physiotherapy];

function setup(options: StubOptions = {}) {
  const calls = stubServer(options);
  const onCreated = vi.fn();
  renderWithClient(<CreateAppointmentButton defaultDate="2030-03-04" onCreated={onCreated} />);
  return { calls, onCreated, user: userEvent.setup() };
}

const combobox = (name: string) => screen.getByRole('combobox', { name });
const slotRequests = (calls: ReturnType<typeof stubServer>) =>
  calls.filter((c) => c.url.pathname.endsWith('/slots')).map((c) => c.url.searchParams);

/** Opens the wizard and chooses Riverside and Ana Silva, then Next. */
async function chooseRiversideAndAna(user: User) {
  await user.click(
    await screen.findByRole('button', { name: 'Create Appointment', expanded: false }),
  );
  await user.click(await screen.findByRole('combobox', { name: /Clinic/ }));
  await user.click(await screen.findByRole('option', { name: 'Riverside Family Clinic' }));
  await user.type(screen.getByPlaceholderText('Enter patient name or email...'), 'ana{Enter}');
  await user.click(await screen.findByRole('button', { name: /Ana Silva/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

/** Riverside, Ana Silva, then Next: step 2 with its Service loaded. */
async function reachTimeSlot(user: User) {
  await chooseRiversideAndAna(user);
  await screen.findByRole('heading', { name: 'Select Time Slot' });
  await waitFor(() => expect(combobox('Service').textContent).not.toBe(''));
}

async function choose(user: User, field: string, option: string) {
  await user.click(combobox(field));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function optionsOf(user: User, field: string) {
  await user.click(combobox(field));
  const listbox = await screen.findByRole('listbox');
  const labels = within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return labels;
}

/** Books the time, after checking what the summary says of the service (none: no row). */
async function bookFirstTime(user: User, time = '9:00 AM', serviceInSummary?: string) {
  await user.click(await screen.findByRole('radio', { name: time }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Additional Settings' });
  const summary = screen.getByRole('region', { name: 'Appointment Summary' });
  const terms = [...summary.querySelectorAll('dt')].map((dt) => dt.textContent);
  expect(terms).toEqual(
    ['Patient', 'Email', 'Clinic', 'Date', 'Time', 'Provider'].concat(
      serviceInSummary ? ['Service'] : [],
    ),
  );
  if (serviceInSummary) expect(summary).toHaveTextContent(`Service${serviceInSummary}`);
  await user.click(screen.getByRole('button', { name: 'Create Appointment' }));
}

beforeEach(() => polyfillPointerApis());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the create wizard’s Service', { timeout: 20_000 }, () => {
  it('is the clinic’s default service, with the usual lengths, and books the spec’s body', async () => {
    const { user, calls, onCreated } = setup();
    await reachTimeSlot(user);
    expect(combobox('Service').textContent).toBe('Video visit');
    // One service: nothing to choose, as before services.
    expect(combobox('Service')).toBeDisabled();
    expect(combobox('Service')).toHaveAccessibleDescription('Video');
    expect(await optionsOf(user, 'Duration')).toEqual(['15 min', '30 min', '45 min', '60 min']);
    expect(
      slotRequests(calls).every((q) => !q.has('serviceId') && q.get('duration') === '30'),
    ).toBe(true);

    await bookFirstTime(user);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).not.toHaveProperty('serviceId');
    expect(post.body).toMatchObject({ duration: 30, metadata: { type: 'custom' } });
  });

  it('offers the chosen service’s lengths and only those who offer it, and books it', async () => {
    const { user, calls, onCreated } = setup({
      agents: [priya, nora],
      services: riversideServices,
    });
    await reachTimeSlot(user);
    expect(await optionsOf(user, 'Service')).toEqual(['Video visit', 'Physiotherapy']);
    expect(await optionsOf(user, 'Provider')).toEqual([
      'All providers',
      'Dr. Priya Raman',
      'Nora Kelly',
    ]);

    await choose(user, 'Service', 'Physiotherapy');
    expect(combobox('Service')).toHaveAccessibleDescription('In person · 15 min kept free after');
    expect(await optionsOf(user, 'Duration')).toEqual(['45 min']);
    // Nora alone offers it: she is the provider, with nothing else to choose.
    expect(combobox('Provider').textContent).toBe('Nora Kelly');
    expect(combobox('Provider')).toBeDisabled();
    await waitFor(() =>
      expect(
        slotRequests(calls).some(
          (q) =>
            q.get('serviceId') === physiotherapy.id &&
            q.get('duration') === '45' &&
            q.get('agentId') === NORA,
        ),
      ).toBe(true),
    );

    await bookFirstTime(user, '9:00 AM', 'Physiotherapy');
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      serviceId: physiotherapy.id,
      duration: 45,
      staff: { id: NORA, name: 'Nora Kelly' },
    });
  });

  it('offers a provider’s own length for the service when they are chosen', async () => {
    const everyone = { ...physiotherapy, offeredByAll: true };
    everyone.agents = [{ id: NORA, name: 'Nora Kelly', durationMinutes: 60 }];
    const { user, calls } = setup({ agents: [priya, nora], services: [videoVisit, everyone] });
    await reachTimeSlot(user);
    await choose(user, 'Service', 'Physiotherapy');
    expect(await optionsOf(user, 'Duration')).toEqual(['45 min']);
    await choose(user, 'Provider', 'Nora Kelly');
    expect(await optionsOf(user, 'Duration')).toEqual(['60 min']);
    await waitFor(() =>
      expect(
        slotRequests(calls).some((q) => q.get('agentId') === NORA && q.get('duration') === '60'),
      ).toBe(true),
    );
  });

  it('lets go of a time chosen for another service', async () => {
    const { user } = setup({ agents: [priya, nora], services: riversideServices });
    await reachTimeSlot(user);
    // Everyone's times, grouped by provider: Dr. Priya Raman's first.
    await user.click((await screen.findAllByRole('radio', { name: /9:00 AM/ }))[0]!);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await choose(user, 'Service', 'Physiotherapy');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await choose(user, 'Service', 'Video visit');
    expect(combobox('Service')).toHaveAccessibleDescription('Video');
    expect(await optionsOf(user, 'Duration')).toEqual(['15 min', '30 min', '45 min', '60 min']);
  });

  it('says when the services cannot be loaded, offers to try again, and books the default meanwhile', async () => {
    const { user, calls, onCreated } = setup({
      services: () => errorResponse(503, 'The database is not answering'),
    });
    await chooseRiversideAndAna(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The database is not answering. The clinic’s usual visit is booked.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await bookFirstTime(user);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('serviceId');
  });
});

const room = (id: string, name: string, category = 'Treatment room') =>
  createResourceView({ id, clinicId: 'c2', name, category });
const ROOM_1 = '0b1c2d3e-0000-4000-8000-000000000001';
const ROOM_2 = '0b1c2d3e-0000-4000-8000-000000000002';
const rooms = [
  room(ROOM_2, 'Room 2'),
  room(ROOM_1, 'Room 1'),
  room('0b1c2d3e-0000-4000-8000-000000000003', 'Ultrasound', 'Ultrasound'),
  { ...room('0b1c2d3e-0000-4000-8000-000000000004', 'Old room'), archived: true },
];
const hydrotherapy = createServiceView({
  id: 'svc-hydro',
  clinicId: 'c2',
  name: 'Hydrotherapy',
  kind: 'in_person',
  durations: [45],
  resourceCategory: 'Treatment room',
});

describe('the create wizard’s room (ADR 045)', { timeout: 20_000 }, () => {
  const reachRooms = async () => {
    const ctx = setup({ services: [videoVisit, hydrotherapy], resources: rooms });
    await reachTimeSlot(ctx.user);
    await choose(ctx.user, 'Service', 'Hydrotherapy');
    return ctx;
  };

  it('leaves the room to the booking, names the one a time would get, and says when none is free', async () => {
    const { user, calls, onCreated } = await reachRooms();
    // The active rooms of the category, by name: no machine of another kind, no archived room.
    expect(await optionsOf(user, 'Room')).toEqual(['Any free treatment room', 'Room 1', 'Room 2']);
    expect(combobox('Room').textContent).toBe('Any free treatment room');
    expect(await screen.findByTestId('without-resource')).toHaveTextContent(
      '10:00 AM is free for the provider, but no treatment room is.',
    );
    await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    expect(screen.getByText(/Chosen:/)).toHaveTextContent('with Dr. Priya Raman, in Room 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('region', { name: 'Appointment Summary' });
    expect(summary).toHaveTextContent('RoomThe first free treatment room');
    await user.click(screen.getByRole('button', { name: 'Create Appointment' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ serviceId: hydrotherapy.id });
    expect(post.body).not.toHaveProperty('resourceId');
  });

  it('books the room staff chose, asking for the times it is free', async () => {
    const { user, calls, onCreated } = await reachRooms();
    await choose(user, 'Room', 'Room 1');
    await waitFor(() =>
      expect(slotRequests(calls).some((q) => q.get('resourceId') === ROOM_1)).toBe(true),
    );
    await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    expect(screen.getByText(/Chosen:/)).toHaveTextContent('in Room 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('region', { name: 'Appointment Summary' });
    expect(summary).toHaveTextContent('RoomRoom 1');
    await user.click(screen.getByRole('button', { name: 'Create Appointment' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      serviceId: hydrotherapy.id,
      resourceId: ROOM_1,
    });
  });
});
