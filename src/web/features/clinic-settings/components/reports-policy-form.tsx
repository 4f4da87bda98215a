import type { ClinicPolicyView } from '@contracts/clinic-policy';
import { RoleChoicesPolicyForm } from './role-choices-policy-form';

/** Besides admins, which roles read this clinic's reports (issue 45). */
export function ReportsPolicyForm({ slug, current }: { slug: string; current: ClinicPolicyView }) {
  return (
    <RoleChoicesPolicyForm
      slug={slug}
      current={current}
      part="reports"
      title="Reports"
      intro={
        <>
          Reports show how many patients came, did not come or cancelled, and how busy each provider
          is. Admins can always read them; choose who else may, at this clinic.
        </>
      }
      legend="Who may read reports"
      saved="Report settings saved."
      saveLabel="Save report settings"
    />
  );
}
