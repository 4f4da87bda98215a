import { LANGUAGE_NAMES } from '@domain/patient-language';
import { PATIENT_LANGUAGES, type PatientLanguage } from '@domain/patients';
import { Label } from '@web/components/ui/label';

/** The language a preview of patients' messages is shown in, each language in its own name. */
export function PreviewLanguageSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: PatientLanguage;
  onChange: (language: PatientLanguage) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
        value={value}
        onChange={(event) => onChange(event.target.value as PatientLanguage)}
      >
        {PATIENT_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
