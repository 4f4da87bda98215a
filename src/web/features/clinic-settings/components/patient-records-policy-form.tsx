import { useForm } from 'react-hook-form';
import type { ClinicPolicyView, PatientRecordsPolicy } from '@contracts/clinic-policy';
import { PATIENT_EDITOR_CHOICES, type PatientEditorChoice } from '@domain/patients';
import { Checkbox } from '@web/components/ui/checkbox';
import { PolicySection, sectionState } from './policy-section';
import { useSavePolicyPart } from './use-save-policy-part';

const CHOICE_LABELS: Record<PatientEditorChoice, string> = {
  staff: 'Staff (front desk)',
  provider: 'Providers',
  nurse: 'Nurses',
};

type Choices = Record<PatientEditorChoice, boolean>;

const toForm = (policy: PatientRecordsPolicy): Choices => ({
  staff: policy.editorRoles.includes('staff'),
  provider: policy.editorRoles.includes('provider'),
  nurse: policy.editorRoles.includes('nurse'),
});

/** Besides admins, which roles change, merge, import and export this clinic's patient records. */
export function PatientRecordsPolicyForm({
  slug,
  current,
}: {
  slug: string;
  current: ClinicPolicyView;
}) {
  const form = useForm<Choices, unknown, PatientRecordsPolicy>({
    defaultValues: toForm(current.policy.patientRecords),
    resolver: (values) => ({
      values: { editorRoles: PATIENT_EDITOR_CHOICES.filter((role) => values[role]) },
      errors: {},
    }),
  });
  const { save, submit } = useSavePolicyPart(slug, current, 'patientRecords', form, {
    toForm,
    saved: 'Patient record settings saved.',
  });
  return (
    <PolicySection
      title="Patient records"
      intro={
        <>
          Everyone on staff can find patients and read their records. Admins can always change them;
          choose who else may correct details, add notes, merge, import, export and erase.
        </>
      }
      {...sectionState(form, save, submit)}
      saveLabel="Save patient record settings"
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Who may change patient records</legend>
        {PATIENT_EDITOR_CHOICES.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm">
            <Checkbox {...form.register(role)} />
            {CHOICE_LABELS[role]}
          </label>
        ))}
      </fieldset>
    </PolicySection>
  );
}
