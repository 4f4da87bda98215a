// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { CreateAppointmentButton, FloatingCreateButton } from './create-appointment-button';
import { createAppointment } from '../../test/appointment-factory';
import { clinics, patients, stubServer, type StubOptions } from './wizard-test-kit';
import { json, polyfillPointerApis } from '@web/test/api-stub';
import { renderWithClient } from '@web/test/render-with-client';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

type User = ReturnType<typeof userEvent.setup>;

function setup(options: StubOptions = {}, onView?: (appointment: { _id: string }) => void) {
  const calls = stubServer(options);
  const onCreated = vi.fn();
  renderWithClient(
    <CreateAppointmentButton defaultDate="2030-03-04" onCreated={onCreated} onView={onView} />,
  );
  return { calls, onCreated, user: userEvent.setup() };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
// `expanded` finds the dialog's own trigger, not the button drawn while the dialog loads.
const createButton = () =>
  screen.findByRole('button', { name: 'Create Appointment', expanded: false });

async function openWizard(user: User) {
  await user.click(await createButton());
  const dialog = await screen.findByRole('dialog', { name: 'Create New Appointment' });
  // The wizard loads with the dialog's first opening; step 1 starts with the clinic.
  await within(dialog).findByRole('combobox', { name: /Clinic/ });
  return dialog;
}

async function chooseClinic(user: User, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Clinic/ }));
  await user.click(await screen.findByRole('option', { name }));
}

async function choosePatient(user: User, keyword: string, name: RegExp) {
  await user.type(
    screen.getByPlaceholderText('Enter patient name or email...'),
    `${keyword}{Enter}`,
  );
  await user.click(await screen.findByRole('button', { name }));
}

/** At Riverside, a search that finds nobody, then Add new patient: its form. */
async function openAddPatient(user: User, keyword: string) {
  await openWizard(user);
  await chooseClinic(user, 'Riverside Family Clinic');
  await user.type(
    screen.getByPlaceholderText('Enter patient name or email...'),
    `${keyword}{Enter}`,
  );
  await screen.findByText('No patients found. Try a different search term.');
  await user.click(button('Add new patient'));
  return screen.getByRole('form', { name: 'Add new patient' });
}

/** Through steps 1 and 2 to Additional Settings, with Ana Silva at 9:00 AM. */
async function reachSettings(user: User) {
  await openWizard(user);
  await chooseClinic(user, 'Riverside Family Clinic');
  await choosePatient(user, 'ana', /Ana Silva/);
  await user.click(button('Next'));
  await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
  await user.click(button('Next'));
  await screen.findByRole('heading', { name: 'Additional Settings' });
}

beforeEach(() => polyfillPointerApis());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

// Whole journeys through the dialog: allow for a busy two-core CI machine.
describe('Create New Appointment', { timeout: 20_000 }, () => {
  it('opens at step 1 with the clinic placeholder and the step indicator', async () => {
    const { user } = setup();
    const dialog = await openWizard(user);
    const steps = within(dialog).getByRole('list', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Patient', '2Time Slot', '3Settings']);
    expect(within(steps).getAllByRole('listitem')[0]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('heading', { name: 'Select Patient' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Clinic/ }).textContent).toContain(
      'Select a clinic first',
    );
    // The search appears only once a clinic is chosen.
    expect(screen.queryByPlaceholderText('Enter patient name or email...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(button('Cancel')).toBeInTheDocument();
    expect(button('Next').disabled).toBe(true);
  });

  it('lists clinics by name and searches the chosen clinic by its slug', async () => {
    const { user, calls } = setup();
    await openWizard(user);
    await user.click(screen.getByRole('combobox', { name: /Clinic/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Camden Health Centre',
      'Riverside Family Clinic',
    ]);
    await user.click(screen.getByRole('option', { name: 'Riverside Family Clinic' }));
    await user.type(screen.getByPlaceholderText('Enter patient name or email...'), 'ana{Enter}');
    await screen.findByRole('button', { name: /Ana Silva/ });
    const search = calls.find((c) => c.url.pathname === '/api/clinics/patient')!;
    expect(search.url.searchParams.get('clinic')).toBe('riverside');
  });

  it('asks for a clinic when the select is left empty', async () => {
    const { user } = setup();
    await openWizard(user);
    await user.click(screen.getByRole('combobox', { name: /Clinic/ }));
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Please select a clinic')).toBeInTheDocument();
  });

  it('a clinic change clears the patient', async () => {
    const { user } = setup();
    await openWizard(user);
    await chooseClinic(user, 'Riverside Family Clinic');
    await choosePatient(user, 'ana', /Ana Silva/);
    expect(screen.getByRole('region', { name: 'Patient Information' })).toBeInTheDocument();
    expect(button('Next').disabled).toBe(false);

    await chooseClinic(user, 'Camden Health Centre');
    expect(screen.queryByRole('region', { name: 'Patient Information' })).toBeNull();
    expect(
      (screen.getByPlaceholderText('Enter patient name or email...') as HTMLInputElement).value,
    ).toBe('');
    expect(button('Next').disabled).toBe(true);
  });

  it('needs a slot on step 2, and shows the summary on step 3', async () => {
    const { user } = setup();
    await openWizard(user);
    await chooseClinic(user, 'Riverside Family Clinic');
    await choosePatient(user, 'ana', /Ana Silva/);
    await user.click(button('Next'));
    expect(await screen.findByRole('heading', { name: 'Select Time Slot' })).toBeInTheDocument();
    expect(button('Back')).toBeInTheDocument();
    expect(button('Next').disabled).toBe(true);
    await user.click(await screen.findByRole('radio', { name: '9:30 AM' }));
    expect(button('Next').disabled).toBe(false);
    await user.click(button('Next'));

    const notes = screen.getByLabelText('Notes (Optional)') as HTMLTextAreaElement;
    expect(notes.rows).toBe(3);
    expect(notes.placeholder).toBe('Add any additional notes for this appointment...');
    const summary = screen.getByRole('region', { name: 'Appointment Summary' }).textContent;
    for (const part of [
      'PatientAna Silva',
      'Emailana.silva@example.com',
      'ClinicRiverside Family Clinic',
      'Date03/04/2030',
      'Time9:30 AM – 10:00 AM',
      'ProviderDr. Priya Raman',
    ]) {
      expect(summary).toContain(part);
    }
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    // Back keeps the chosen time.
    await user.click(button('Back'));
    expect(
      (await screen.findByRole('radio', { name: '9:30 AM' })).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('chooses the clinic for staff of one clinic, and leaves the choice to staff of several', async () => {
    const { user } = setup({ clinics: [clinics[0]!] });
    await openWizard(user);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Clinic/ }).textContent).toBe(
        'Riverside Family Clinic',
      ),
    );
    // The search is there at once, for the one clinic.
    expect(screen.getByPlaceholderText('Enter patient name or email...')).toBeInTheDocument();
    cleanup();

    const several = setup();
    await openWizard(several.user);
    await screen.findByRole('combobox', { name: /Clinic/ });
    expect(screen.getByRole('combobox', { name: /Clinic/ }).textContent).toBe(
      'Select a clinic first',
    );
  });

  it('offers View on the success toast, which opens the new appointment', async () => {
    const onView = vi.fn();
    const { user } = setup({}, onView);
    await reachSettings(user);
    await user.click(button('Create Appointment'));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Appointment created successfully', {
        action: { label: 'View', onClick: expect.any(Function) },
      }),
    );
    const options = vi.mocked(toast.success).mock.calls.at(-1)![1] as unknown as {
      action: { onClick: () => void };
    };
    options.action.onClick();
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ _id: 'appt-1' }));
  });

  it('creates the appointment, toasts, closes and reports it', async () => {
    const { user, calls, onCreated } = setup();
    await reachSettings(user);
    await user.type(screen.getByLabelText('Notes (Optional)'), 'Bring previous results');
    await user.click(button('Create Appointment'));

    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ _id: 'appt-1' })),
    );
    expect(toast.success).toHaveBeenCalledWith('Appointment created successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(post.body).toMatchObject({
      date: '2030-03-04T14:00:00.000Z',
      staff: { name: 'Dr. Priya Raman', email: 'priya@carebook.test' },
      patient: { id: patients[0]!._id, name: 'Ana Silva', clinic: 'riverside' },
      duration: 30,
      metadata: {
        source: 'carebook',
        type: 'custom',
        notes: 'Bring previous results',
        status: 'BOOKED',
      },
    });
  });

  it('reads "Creating..." and cannot be pressed twice while the request is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, calls } = setup({
      createAppointment: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await reachSettings(user);
    await user.click(button('Create Appointment'));
    const pending = await screen.findByRole('button', { name: 'Creating...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    await user.click(pending);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    answer(json(createAppointment({ _id: 'appt-2' }), 201));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the slot was taken meanwhile: toast, back to step 2, the rest kept, same key on retry', async () => {
    let attempt = 0;
    const { user, calls } = setup({
      createAppointment: () =>
        ++attempt === 1
          ? json(
              {
                error: 'conflict',
                message: 'This time was just booked by someone else. Pick another slot.',
              },
              409,
            )
          : json(createAppointment({ _id: 'appt-3' }), 201),
    });
    await reachSettings(user);
    await user.type(screen.getByLabelText('Notes (Optional)'), 'Keep me');
    await user.click(button('Create Appointment'));

    expect(await screen.findByRole('heading', { name: 'Select Time Slot' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(
      'This time was just booked by someone else. Pick another slot.',
    );
    expect(button('Next').disabled).toBe(true);
    await user.click(await screen.findByRole('radio', { name: '9:30 AM' }));
    await user.click(button('Next'));
    expect((screen.getByLabelText('Notes (Optional)') as HTMLTextAreaElement).value).toBe(
      'Keep me',
    );
    await user.click(button('Create Appointment'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
  });

  it('when the provider is busy in their outside calendar: the server’s words, and Book anyway sends the override', async () => {
    const message =
      'Dr. Priya Raman is busy in their outside calendar at this time. Pick another slot.';
    let attempt = 0;
    const { user, calls, onCreated } = setup({
      createAppointment: () =>
        ++attempt === 1
          ? json({ error: 'outside_busy', message }, 409)
          : json(createAppointment({ _id: 'appt-4' }), 201),
    });
    await reachSettings(user);
    await user.click(button('Create Appointment'));

    // Still on the settings step, the words beside the choice; no toast, no new slot to pick.
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Additional Settings' })).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    await user.click(button('Book anyway'));

    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ _id: 'appt-4' })),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).not.toHaveProperty('overrideOutsideBusy');
    expect(posts[1]!.body).toEqual({ ...(posts[0]!.body as object), overrideOutsideBusy: true });
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
  });

  it('toasts the fallback when the server gives no message', async () => {
    const { user } = setup({ createAppointment: () => new Response('', { status: 500 }) });
    await reachSettings(user);
    await user.click(button('Create Appointment'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to create appointment'));
    expect(screen.getByRole('heading', { name: 'Additional Settings' })).toBeInTheDocument();
  });

  it('every opening starts afresh at step 1, with a new Idempotency-Key', async () => {
    const { user, calls } = setup({
      createAppointment: () => json({ error: 'unprocessable', message: 'Too soon' }, 422),
    });
    await reachSettings(user);
    await user.click(button('Create Appointment'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Too soon'));
    await user.click(button('Cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await openWizard(user);
    expect(screen.getByRole('heading', { name: 'Select Patient' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Clinic/ }).textContent).toContain(
      'Select a clinic first',
    );
    expect(screen.queryByRole('region', { name: 'Patient Information' })).toBeNull();
    expect(button('Next').disabled).toBe(true);

    await chooseClinic(user, 'Riverside Family Clinic');
    await choosePatient(user, 'ana', /Ana Silva/);
    await user.click(button('Next'));
    // No slot carried over from the last opening.
    expect(button('Next').disabled).toBe(true);
    await user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await user.click(button('Next'));
    await user.click(button('Create Appointment'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('adds a patient who was not found, and offers the existing one on a duplicate email', async () => {
    let created = 0;
    const { user } = setup({
      createPatient: () =>
        ++created === 1
          ? json(
              {
                error: 'conflict',
                message: 'A patient with this email already exists: Ana Silva.',
                existingPatientId: patients[0]!._id,
              },
              409,
            )
          : json({}, 500),
    });
    const form = await openAddPatient(user, 'Ana Sliva');
    expect((within(form).getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ana');
    expect((within(form).getByLabelText(/Last name/) as HTMLInputElement).value).toBe('Sliva');
    await user.click(within(form).getByRole('button', { name: 'Add patient' }));
    expect(await within(form).findByText('Email is required')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText(/Email/)));

    await user.type(within(form).getByLabelText(/Email/), 'ana.silva@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add patient' }));
    expect(
      await within(form).findByText('A patient with this email already exists: Ana Silva.'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Use existing patient' }));

    const panel = await screen.findByRole('region', { name: 'Patient Information' });
    expect(panel.textContent).toContain(patients[0]!._id);
    expect(screen.queryByRole('form', { name: 'Add new patient' })).toBeNull();
    // The search that found nobody is answered: its message does not stay above the patient.
    expect(screen.queryByText('No patients found. Try a different search term.')).toBeNull();
    expect(button('Next').disabled).toBe(false);
  });

  it('shows the problems the server tied to fields beside them, and the rest below the form', async () => {
    let answers = 0;
    const { user } = setup({
      createPatient: () =>
        ++answers === 1
          ? json(
              {
                error: 'bad_request',
                message: 'The request body is not valid.',
                details: 'Last name must not contain NUL characters. Phone must be a phone number.',
                fields: [
                  { field: 'lastName', message: 'Last name must not contain NUL characters.' },
                  { field: 'phone', message: 'Phone must be a phone number.' },
                ],
              },
              400,
            )
          : json({ error: 'internal', message: 'The patient could not be saved.' }, 500),
    });
    const form = await openAddPatient(user, 'Zed Quinn');
    await user.type(within(form).getByLabelText(/Email/), 'zed.quinn@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add patient' }));

    const lastName = within(form).getByLabelText(/Last name/);
    expect(
      await within(form).findByText('Last name must not contain NUL characters.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Phone must be a phone number.')).toBeInTheDocument();
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(lastName);
    expect(within(form).queryByRole('alert')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Add patient' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The patient could not be saved.',
    );
    expect(within(form).queryByText('Phone must be a phone number.')).toBeNull();
  });
});

describe('FloatingCreateButton', () => {
  it('is a round "+" named Create Appointment, hidden from 768px up, opening the wizard', async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithClient(<FloatingCreateButton />);
    const fab = await createButton();
    expect(fab.className).toContain('rounded-full');
    expect(fab.className).toContain('fixed');
    expect(fab.className).toContain('md:hidden');
    await user.click(fab);
    expect(
      await screen.findByRole('dialog', { name: 'Create New Appointment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Select Patient' })).toBeInTheDocument();
  });
});
