import { useId } from 'react';
import type { ClinicPolicyView, PatientLanguagePolicy } from '@contracts/clinic-policy';
import { LANGUAGE_NAMES } from '@domain/patient-language';
import { PATIENT_LANGUAGES } from '@domain/patients';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { PolicySection, sectionState } from './policy-section';
import { usePolicyPartForm } from './use-policy-part-form';

const DEFAULTS: PatientLanguagePolicy = { defaultLanguage: 'en' };
const toForm = (policy: PatientLanguagePolicy | undefined): PatientLanguagePolicy => ({
  ...DEFAULTS,
  ...policy,
});

const HINT =
  'What patients read when their record names no language and their browser asks for none we have: e-mails, texts and patient pages.';

/** The language the clinic's patients read unless they or their browser choose (issue 44). */
export function PatientLanguageForm({
  slug,
  current,
}: {
  slug: string;
  current: ClinicPolicyView;
}) {
  const id = useId();
  const { form, save, submit } = usePolicyPartForm(slug, current, 'patientLanguage', {
    toForm,
    saved: 'Patients’ language saved.',
  });
  return (
    <PolicySection
      title="Patients’ language"
      intro={
        <>
          Patients read their messages and pages in the language on their record, else their
          browser’s, else this one.
        </>
      }
      {...sectionState(form, save, submit)}
      saveLabel="Save patients’ language"
    >
      <FormField id={`${id}-language`} label="Patients’ language" hint={HINT}>
        <select
          id={`${id}-language`}
          className="h-9 w-48 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
          {...fieldDescription(`${id}-language`, { hint: HINT })}
          {...form.register('defaultLanguage')}
        >
          {PATIENT_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </FormField>
    </PolicySection>
  );
}
