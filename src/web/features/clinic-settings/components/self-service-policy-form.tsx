import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { selfServicePolicy, type ClinicPolicyView } from '@contracts/clinic-policy';
import { FormError, TextField } from '@web/components/ui/form-field';
import { blankAsAbsent, labelled, worded } from '@web/lib/form-schema';
import { NumberField } from './number-field';
import { PolicySection, sectionState } from './policy-section';
import { usePolicyPartForm } from './use-policy-part-form';
import { Checkbox } from '@web/components/ui/checkbox';

const shape = selfServicePolicy.shape;
/** The contract's rules, in the words of this form; a blank phone is "none". */
const selfServiceForm = z.object({
  allowReschedule: z.boolean(),
  allowCancel: z.boolean(),
  cutoffHours: worded(shape.cutoffHours, labelled('The cut-off')),
  maxReschedules: worded(shape.maxReschedules, labelled('The number of moves')),
  phone: worded(
    blankAsAbsent(shape.phone.unwrap().optional()),
    labelled('The phone number'),
  ).transform((phone) => phone ?? null),
});
type SelfServiceFormInput = z.input<typeof selfServiceForm>;

/** What patients may change from their visit link, and the number they call when they cannot. */
export function SelfServicePolicyForm({
  slug,
  current,
}: {
  slug: string;
  current: ClinicPolicyView;
}) {
  const id = useId();
  const toForm = (policy: ClinicPolicyView['policy']['selfService']): SelfServiceFormInput => ({
    ...policy,
    phone: policy.phone ?? '',
  });
  const { form, save, submit } = usePolicyPartForm(slug, current, 'selfService', {
    resolver: zodResolver(selfServiceForm),
    toForm,
    saved: 'Online changes saved.',
  });
  const errors = form.formState.errors;

  return (
    <PolicySection
      title="Online changes by patients"
      intro={
        <>
          From the link in their messages, patients can move their appointment to another free time
          of the same provider, or cancel it, until the cut-off before the start. After it, or when
          online changes are off, the page shows the clinic’s phone number.
        </>
      }
      {...sectionState(form, save, submit)}
      // The reason a save failed stands out below the phone field instead.
      error={undefined}
      saveLabel="Save online changes"
    >
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register('allowReschedule')} />
        Patients may reschedule online
      </label>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register('allowCancel')} />
        Patients may cancel online
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          id={`${id}-cutoff`}
          label="Cut-off (hours before the start)"
          error={errors.cutoffHours?.message}
          min={0}
          registration={form.register('cutoffHours', { valueAsNumber: true })}
        />
        <NumberField
          id={`${id}-moves`}
          label="Online moves per appointment"
          error={errors.maxReschedules?.message}
          min={0}
          registration={form.register('maxReschedules', { valueAsNumber: true })}
        />
      </div>
      <TextField
        id={`${id}-phone`}
        label="Clinic phone for patients"
        hint="Shown when online changes are closed, and on a cancelled appointment’s page."
        error={errors.phone?.message}
        type="tel"
        autoComplete="off"
        {...form.register('phone')}
      />
      <FormError message={save.error?.message} />
    </PolicySection>
  );
}
