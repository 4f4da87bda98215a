import { useReducer } from 'react';
import { DEFAULT_DURATION_MINUTES } from '@domain/constants';
import type { TimeSlot } from '@domain/slots';
import type { PatientSearchResult } from '../../api/search-patients';

export const WIZARD_STEPS = [
  { step: 1, label: 'Patient', title: 'Select Patient' },
  { step: 2, label: 'Time Slot', title: 'Select Time Slot' },
  { step: 3, label: 'Settings', title: 'Additional Settings' },
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number]['step'];

/** Spec §3 "Create form". */
export interface CreateForm {
  clinic: string;
  patientEmail: string;
  patientName: string;
  patientId: string;
  patientDob: string;
  patientPhone: string;
  notes: string;
}

/** Spec §3: defaults may come from a default patient. */
export interface DefaultPatient {
  clinic?: string;
  email?: string;
  name?: string;
  id?: string;
  dob?: string | null;
  phone?: string | null;
}

export interface WizardState {
  step: WizardStep;
  form: CreateForm;
  /** The Patient Search field's text; choosing a result puts the patient's email in it. */
  keyword: string;
  slot: TimeSlot | null;
  duration: number;
  /** The service chosen on step 2 (issue 42); '' for the clinic's default service. */
  serviceId: string;
}

export type WizardAction =
  | { type: 'setClinic'; clinic: string }
  | { type: 'setKeyword'; keyword: string }
  | { type: 'selectPatient'; patient: PatientSearchResult }
  | { type: 'setSlot'; slot: TimeSlot }
  /** Another service: its own lengths and providers, so a slot chosen for the last one goes. */
  | { type: 'setService'; serviceId: string }
  | { type: 'setNotes'; notes: string }
  | { type: 'next' }
  | { type: 'back' }
  /** The server refused the slot (taken meanwhile): back to the picker, all else kept. */
  | { type: 'slotRefused' };

const noPatient = {
  patientEmail: '',
  patientName: '',
  patientId: '',
  patientDob: '',
  patientPhone: '',
} satisfies Partial<CreateForm>;

/** The state every opening starts from: step 1, no slot, the defaults applied. */
export function initialWizardState(defaults: DefaultPatient = {}): WizardState {
  return {
    step: 1,
    form: {
      clinic: defaults.clinic ?? '',
      patientEmail: defaults.email ?? '',
      patientName: defaults.name ?? '',
      patientId: defaults.id ?? '',
      patientDob: defaults.dob ?? '',
      patientPhone: defaults.phone ?? '',
      notes: '',
    },
    keyword: defaults.email ?? '',
    slot: null,
    duration: DEFAULT_DURATION_MINUTES,
    serviceId: '',
  };
}

/** Spec §2: the slot's duration, or 30 minutes when the slot has none. */
export function durationOf(slot: Pick<TimeSlot, 'durationMinutes'> | null): number {
  return slot?.durationMinutes || DEFAULT_DURATION_MINUTES;
}

/** Spec §5: the provider's name, "Unknown Provider" when the slot has none. */
export function providerNameOf(slot: Pick<TimeSlot, 'agentName'> | null): string {
  return slot?.agentName?.trim() || 'Unknown Provider';
}

export function hasPatient(form: CreateForm): boolean {
  return form.patientEmail !== '' && form.patientName !== '';
}

/** Spec §5 messages for step 1, by field. */
export function patientStepErrors(form: CreateForm): { clinic?: string; patientEmail?: string } {
  return {
    ...(form.clinic === '' ? { clinic: 'Please select a clinic' } : {}),
    ...(form.patientEmail === '' ? { patientEmail: 'Patient information is required' } : {}),
  };
}

/** Spec §5: Next needs clinic, email and name on step 1, and a slot on step 2. */
export function canGoNext(state: WizardState): boolean {
  if (state.step === 1) return state.form.clinic !== '' && hasPatient(state.form);
  if (state.step === 2) return state.slot !== null;
  return false;
}

/** Spec §5: Create needs a slot, an email and a name, and no request already on its way. */
export function canCreate(state: WizardState, pending: boolean): boolean {
  return !pending && state.slot !== null && hasPatient(state.form);
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'setClinic':
      if (action.clinic === state.form.clinic) return state;
      // Spec §5: a clinic change clears all patient fields; a slot of the old clinic goes too.
      return {
        ...state,
        form: { ...state.form, ...noPatient, clinic: action.clinic },
        keyword: '',
        slot: null,
        duration: DEFAULT_DURATION_MINUTES,
        serviceId: '',
      };
    case 'setKeyword':
      return { ...state, keyword: action.keyword };
    case 'selectPatient': {
      const { patient } = action;
      return {
        ...state,
        keyword: patient.email,
        form: {
          ...state.form,
          patientEmail: patient.email,
          patientName: patient.fullName,
          patientId: patient.id,
          patientDob: patient.dob ?? '',
          patientPhone: patient.phone ?? '',
        },
      };
    }
    case 'setSlot':
      return { ...state, slot: action.slot, duration: durationOf(action.slot) };
    case 'setService':
      if (action.serviceId === state.serviceId) return state;
      return {
        ...state,
        serviceId: action.serviceId,
        slot: null,
        duration: DEFAULT_DURATION_MINUTES,
      };
    case 'setNotes':
      return { ...state, form: { ...state.form, notes: action.notes } };
    case 'next':
      if (!canGoNext(state)) return state;
      return { ...state, step: state.step === 1 ? 2 : 3 };
    case 'back':
      return { ...state, step: state.step === 3 ? 2 : 1 };
    case 'slotRefused':
      return { ...state, step: 2, slot: null, duration: DEFAULT_DURATION_MINUTES };
  }
}

/** The wizard's state; the dialog mounts it on every opening, so each opening starts afresh. */
export function useCreateWizard(defaults?: DefaultPatient) {
  const [state, dispatch] = useReducer(wizardReducer, defaults, initialWizardState);
  return { state, dispatch };
}
