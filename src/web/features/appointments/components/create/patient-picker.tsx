import { useRef, useState } from 'react';
import type { PatientSearchResult } from '../../api/search-patients';
import { AddPatientForm } from './add-patient-form';
import { seedFromKeyword, type NewPatientFormValues } from './add-patient-validation';
import { PatientSearch } from './patient-search';

/**
 * The wizard's "search or add" of a clinic's patient, on its own, for other pages to compose
 * (the waitlist's add dialog, through src/web/app: ADR 002).
 */
export function PatientPicker({
  clinic,
  onSelect,
  error,
}: {
  clinic: string;
  onSelect: (patient: PatientSearchResult) => void;
  error?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const [newPatient, setNewPatient] = useState<NewPatientFormValues | null>(null);
  const [added, setAdded] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const back = () => {
    setNewPatient(null);
    requestAnimationFrame(() => searchRef.current?.focus());
  };
  return (
    <div className="grid gap-3">
      <PatientSearch
        key={`search-${clinic}-${added}`}
        clinic={clinic}
        keyword={keyword}
        onKeywordChange={setKeyword}
        onSelect={(patient) => {
          onSelect(patient);
          back();
        }}
        onAddNew={(text) => setNewPatient(seedFromKeyword(text))}
        adding={newPatient !== null}
        inputRef={searchRef}
        error={error}
      />
      {newPatient && (
        <AddPatientForm
          key={`add-${clinic}`}
          clinic={clinic}
          seed={newPatient}
          onAdded={(patient) => {
            setAdded((n) => n + 1);
            onSelect(patient);
            back();
          }}
          onClose={back}
        />
      )}
    </div>
  );
}
