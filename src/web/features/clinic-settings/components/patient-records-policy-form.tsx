import type { ClinicPolicyView } from '@contracts/clinic-policy';
import { RoleChoicesPolicyForm } from './role-choices-policy-form';

/** Besides admins, which roles change, merge, import and export this clinic's patient records. */
export function PatientRecordsPolicyForm({
  slug,
  current,
}: {
  slug: string;
  current: ClinicPolicyView;
}) {
  return (
    <RoleChoicesPolicyForm
      slug={slug}
      current={current}
      part="patientRecords"
      title="Patient records"
      intro={
        <>
          Everyone on staff can find patients and read their records. Admins can always change them;
          choose who else may correct details, add notes, merge, import, export and erase.
        </>
      }
      legend="Who may change patient records"
      saved="Patient record settings saved."
      saveLabel="Save patient record settings"
    />
  );
}
