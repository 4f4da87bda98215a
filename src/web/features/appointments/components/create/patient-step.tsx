import { useId, useRef, useState, type Dispatch } from 'react';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { OptionsSelect } from '@web/components/options-select';
import type { ClinicView } from '@web/queries/clinics';
import type { PatientSearchResult } from '../../api/search-patients';
import { AddPatientForm } from './add-patient-form';
import { seedFromKeyword, type NewPatientFormValues } from './add-patient-validation';
import { PatientInfoPanel } from './patient-info-panel';
import { PatientSearch } from './patient-search';
import {
  hasPatient,
  patientStepErrors,
  type WizardAction,
  type WizardState,
} from './use-create-wizard';

/** Step 1, "Select Patient": the clinic, then the patient found (or added) in it. */
export function PatientStep({
  state,
  dispatch,
  clinics,
  clinicsError,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  clinics: ClinicView[] | undefined;
  clinicsError: string | null;
}) {
  const clinicId = useId();
  const { form } = state;
  // Messages wait until the user has been to a field and left it without an answer.
  const [touched, setTouched] = useState({ clinic: false, patient: false });
  const [newPatient, setNewPatient] = useState<NewPatientFormValues | null>(null);
  // Bumped when a patient is added: the search that did not find them is answered now.
  const [added, setAdded] = useState(0);
  const errors = patientStepErrors(form);
  const clinicError = touched.clinic ? errors.clinic : undefined;
  const patientError = touched.patient && !newPatient ? errors.patientEmail : undefined;

  // The results list or the form that had focus goes away: focus returns to the search field.
  const searchRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');

  function backToSearch() {
    setNewPatient(null);
    requestAnimationFrame(() => searchRef.current?.focus());
  }

  function choose(patient: PatientSearchResult) {
    dispatch({ type: 'selectPatient', patient });
    setAnnouncement(`${patient.fullName} selected`);
    backToSearch();
  }

  return (
    <div className="grid gap-5">
      <FormField
        id={clinicId}
        label="Clinic"
        required
        error={clinicError ?? clinicsError ?? undefined}
      >
        <OptionsSelect
          id={clinicId}
          value={form.clinic}
          onChange={(clinic) => {
            dispatch({ type: 'setClinic', clinic });
            setNewPatient(null);
            setTouched((t) => ({ ...t, patient: false }));
          }}
          onBlur={() => setTouched((t) => ({ ...t, clinic: true }))}
          placeholder="Select a clinic first"
          options={(clinics ?? []).map((clinic) => ({ value: clinic.slug, label: clinic.name }))}
          aria-required="true"
          {...fieldDescription(clinicId, { error: clinicError ?? clinicsError ?? undefined })}
        />
      </FormField>

      {form.clinic !== '' && (
        // Keyed on the clinic: another clinic's results and errors must not linger; and on the
        // patients added, so "No patients found" does not stay above the one just added.
        <PatientSearch
          key={`search-${form.clinic}-${added}`}
          clinic={form.clinic}
          keyword={state.keyword}
          onKeywordChange={(keyword) => dispatch({ type: 'setKeyword', keyword })}
          onSelect={choose}
          onAddNew={(keyword) => setNewPatient(seedFromKeyword(keyword))}
          adding={newPatient !== null}
          inputRef={searchRef}
          onBlur={() => setTouched((t) => ({ ...t, patient: true }))}
          error={patientError}
        />
      )}

      {newPatient && (
        <AddPatientForm
          key={`add-${form.clinic}`}
          clinic={form.clinic}
          seed={newPatient}
          onAdded={(patient) => {
            setAdded((n) => n + 1);
            choose(patient);
          }}
          onClose={backToSearch}
        />
      )}

      {hasPatient(form) && <PatientInfoPanel form={form} />}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
