import type { ReactNode } from 'react';
import type { ClinicPolicyView } from '@contracts/clinic-policy';
import { PATIENT_EDITOR_CHOICES, type PatientEditorChoice } from '@domain/patients';
import { Checkbox } from '@web/components/ui/checkbox';
import { PolicySection, sectionState } from './policy-section';
import { usePolicyPartForm } from './use-policy-part-form';

const CHOICE_LABELS: Record<PatientEditorChoice, string> = {
  staff: 'Staff (front desk)',
  provider: 'Providers',
  nurse: 'Nurses',
};

/** The policy parts that are a choice of roles besides admins, and the field each keeps it in. */
const ROLE_FIELDS = { patientRecords: 'editorRoles', reports: 'viewerRoles' } as const;
type RolesPart = keyof typeof ROLE_FIELDS;
type Policy = ClinicPolicyView['policy'];
type Choices = Record<PatientEditorChoice, boolean>;

const rolesIn = (part: RolesPart, policy: Policy[RolesPart]): readonly string[] =>
  (policy as Record<string, readonly string[]> | undefined)?.[ROLE_FIELDS[part]] ?? [];

const toChoices = (roles: readonly string[]): Choices => ({
  staff: roles.includes('staff'),
  provider: roles.includes('provider'),
  nurse: roles.includes('nurse'),
});

/** A section of the clinic's settings that chooses which roles, besides admins, may do a thing. */
export function RoleChoicesPolicyForm({
  slug,
  current,
  part,
  title,
  intro,
  legend,
  saved,
  saveLabel,
}: {
  slug: string;
  current: ClinicPolicyView;
  part: RolesPart;
  title: string;
  intro: ReactNode;
  legend: string;
  saved: string;
  saveLabel: string;
}) {
  const toForm = (policy: Policy[RolesPart]) => toChoices(rolesIn(part, policy));
  const { form, save, submit } = usePolicyPartForm(slug, current, part, {
    resolver: (values: Choices) => ({
      values: { [ROLE_FIELDS[part]]: PATIENT_EDITOR_CHOICES.filter((role) => values[role]) },
      errors: {},
    }),
    toForm,
    saved,
  });
  return (
    <PolicySection
      title={title}
      intro={intro}
      {...sectionState(form, save, submit)}
      saveLabel={saveLabel}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{legend}</legend>
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
