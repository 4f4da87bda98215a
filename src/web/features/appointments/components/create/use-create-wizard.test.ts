import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '@domain/slots';
import type { PatientSearchResult } from '../../api/search-patients';
import {
  canCreate,
  canGoNext,
  durationOf,
  initialWizardState,
  patientStepErrors,
  providerNameOf,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './use-create-wizard';

function makePatient(overrides: Partial<PatientSearchResult> = {}): PatientSearchResult {
  return {
    id: '7d1e3c52-0a51-4d7c-9a8e-2f4c6b1d9e01',
    firstName: 'Maria',
    lastName: 'Gonzalez',
    fullName: 'Maria Gonzalez',
    email: 'maria.gonzalez@example.com',
    dob: '1984-06-12',
    phone: '(555) 201-3344',
    ...overrides,
  };
}

function makeSlot(overrides: Partial<TimeSlot> = {}): TimeSlot {
  return {
    slotId: 'a1:2030-03-04T14:00:00.000Z',
    timestamp: '2030-03-04T14:00:00.000Z',
    startTime: '2030-03-04T14:00:00.000Z',
    endTime: '2030-03-04T14:45:00.000Z',
    agentId: 'a1',
    agentName: 'Dr. Priya Raman',
    agentEmail: 'priya@carebook.test',
    durationMinutes: 45,
    ...overrides,
  };
}

const run = (state: WizardState, ...actions: WizardAction[]) =>
  actions.reduce(wizardReducer, state);

/** Step 1 done: a clinic and a patient chosen. */
function withPatient(): WizardState {
  return run(
    initialWizardState(),
    { type: 'setClinic', clinic: 'riverside' },
    { type: 'selectPatient', patient: makePatient() },
  );
}

describe('opening the wizard', () => {
  it('starts at step 1 with no slot, no patient and the default duration', () => {
    const state = initialWizardState();
    expect(state.step).toBe(1);
    expect(state.slot).toBeNull();
    expect(state.duration).toBe(30);
    expect(state.keyword).toBe('');
    expect(state.form).toEqual({
      clinic: '',
      patientEmail: '',
      patientName: '',
      patientId: '',
      patientDob: '',
      patientPhone: '',
      notes: '',
    });
  });

  it('applies a default patient: clinic, email, name, id, dob and phone', () => {
    const state = initialWizardState({
      clinic: 'riverside',
      email: 'lee@example.com',
      name: 'Lee Park',
      id: 'p-1',
      dob: '1990-01-02',
      phone: '555-0100',
    });
    expect(state.form).toMatchObject({
      clinic: 'riverside',
      patientEmail: 'lee@example.com',
      patientName: 'Lee Park',
      patientId: 'p-1',
      patientDob: '1990-01-02',
      patientPhone: '555-0100',
    });
    // The search field shows the default patient's email, as if they had been chosen.
    expect(state.keyword).toBe('lee@example.com');
    expect(state.step).toBe(1);
    expect(canGoNext(state)).toBe(true);
  });

  it('gives the same fresh state however far an earlier opening went', () => {
    const travelled = run(
      withPatient(),
      { type: 'next' },
      { type: 'setSlot', slot: makeSlot() },
      { type: 'next' },
      { type: 'setNotes', notes: 'Bring results' },
    );
    expect(travelled.step).toBe(3);
    expect(initialWizardState()).toEqual(initialWizardState());
    expect(initialWizardState().step).toBe(1);
  });
});

describe('step 1', () => {
  it('cannot go on until clinic, patient email and patient name are all set', () => {
    let state = initialWizardState();
    expect(canGoNext(state)).toBe(false);
    state = run(state, { type: 'setClinic', clinic: 'riverside' });
    expect(canGoNext(state)).toBe(false);
    expect(run(state, { type: 'next' }).step).toBe(1);

    const noName = run(state, {
      type: 'selectPatient',
      patient: makePatient({ fullName: '', firstName: '', lastName: '' }),
    });
    expect(canGoNext(noName)).toBe(false);

    const ready = run(state, { type: 'selectPatient', patient: makePatient() });
    expect(canGoNext(ready)).toBe(true);
    expect(run(ready, { type: 'next' }).step).toBe(2);
  });

  it('a default patient without a clinic still waits for the clinic', () => {
    const state = initialWizardState({ email: 'lee@example.com', name: 'Lee Park' });
    expect(canGoNext(state)).toBe(false);
  });

  it('choosing a patient fills every patient field and puts the email in the search field', () => {
    const state = withPatient();
    expect(state.keyword).toBe('maria.gonzalez@example.com');
    expect(state.form).toMatchObject({
      patientEmail: 'maria.gonzalez@example.com',
      patientName: 'Maria Gonzalez',
      patientId: '7d1e3c52-0a51-4d7c-9a8e-2f4c6b1d9e01',
      patientDob: '1984-06-12',
      patientPhone: '(555) 201-3344',
    });
  });

  it('a clinic change clears all patient fields, the search text and any slot', () => {
    const state = run(
      withPatient(),
      { type: 'setSlot', slot: makeSlot() },
      { type: 'setClinic', clinic: 'camden' },
    );
    expect(state.form).toMatchObject({
      clinic: 'camden',
      patientEmail: '',
      patientName: '',
      patientId: '',
      patientDob: '',
      patientPhone: '',
    });
    expect(state.keyword).toBe('');
    expect(state.slot).toBeNull();
  });

  it('choosing the same clinic again keeps the patient', () => {
    const state = withPatient();
    expect(run(state, { type: 'setClinic', clinic: 'riverside' })).toBe(state);
  });

  it('names what is missing with the spec messages', () => {
    expect(patientStepErrors(initialWizardState().form)).toEqual({
      clinic: 'Please select a clinic',
      patientEmail: 'Patient information is required',
    });
    expect(patientStepErrors(withPatient().form)).toEqual({});
  });
});

describe('step 2', () => {
  it('cannot go on until a slot is chosen', () => {
    const state = run(withPatient(), { type: 'next' });
    expect(canGoNext(state)).toBe(false);
    expect(run(state, { type: 'next' }).step).toBe(2);
    const chosen = run(state, { type: 'setSlot', slot: makeSlot() });
    expect(canGoNext(chosen)).toBe(true);
    expect(run(chosen, { type: 'next' }).step).toBe(3);
  });

  it("sets the duration to the slot's, or 30 minutes when it has none", () => {
    const state = run(withPatient(), { type: 'setSlot', slot: makeSlot({ durationMinutes: 45 }) });
    expect(state.duration).toBe(45);
    const none = run(state, {
      type: 'setSlot',
      slot: makeSlot({ durationMinutes: undefined as unknown as number }),
    });
    expect(none.duration).toBe(30);
    expect(durationOf(makeSlot({ durationMinutes: 0 }))).toBe(30);
    expect(durationOf(null)).toBe(30);
  });

  it('Back goes one step back, never before step 1', () => {
    const atThree = run(
      withPatient(),
      { type: 'next' },
      { type: 'setSlot', slot: makeSlot() },
      { type: 'next' },
    );
    expect(run(atThree, { type: 'back' }).step).toBe(2);
    expect(run(atThree, { type: 'back' }, { type: 'back' }, { type: 'back' }).step).toBe(1);
    // Going back keeps what was chosen.
    expect(run(atThree, { type: 'back' }).slot).not.toBeNull();
  });
});

describe('step 3 and creating', () => {
  const ready = () =>
    run(
      withPatient(),
      { type: 'next' },
      { type: 'setSlot', slot: makeSlot() },
      { type: 'next' },
      { type: 'setNotes', notes: 'Fasting since midnight' },
    );

  it('Create needs a slot, an email and a name, and no request pending', () => {
    expect(canCreate(ready(), false)).toBe(true);
    expect(canCreate(ready(), true)).toBe(false);
    expect(canCreate(withPatient(), false)).toBe(false);
    const noEmail: WizardState = { ...ready(), form: { ...ready().form, patientEmail: '' } };
    expect(canCreate(noEmail, false)).toBe(false);
    const noName: WizardState = { ...ready(), form: { ...ready().form, patientName: '' } };
    expect(canCreate(noName, false)).toBe(false);
  });

  it('there is no Next on step 3', () => {
    expect(canGoNext(ready())).toBe(false);
    expect(run(ready(), { type: 'next' }).step).toBe(3);
  });

  it('a refused slot sends the user back to step 2 without a slot, keeping the rest', () => {
    const before = ready();
    const after = run(before, { type: 'slotRefused' });
    expect(after.step).toBe(2);
    expect(after.slot).toBeNull();
    expect(after.form).toEqual(before.form);
    expect(after.form.notes).toBe('Fasting since midnight');
    expect(canGoNext(after)).toBe(false);
  });

  it('names the provider, "Unknown Provider" when the slot has none', () => {
    expect(providerNameOf(makeSlot())).toBe('Dr. Priya Raman');
    expect(providerNameOf(makeSlot({ agentName: '' }))).toBe('Unknown Provider');
    expect(providerNameOf(makeSlot({ agentName: undefined as unknown as string }))).toBe(
      'Unknown Provider',
    );
    expect(providerNameOf(null)).toBe('Unknown Provider');
  });
});
