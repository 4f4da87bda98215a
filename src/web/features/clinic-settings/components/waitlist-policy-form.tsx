import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { waitlistPolicy, type ClinicPolicyView } from '@contracts/clinic-policy';
import { labelled, worded } from '@web/lib/form-schema';
import { NumberField } from './number-field';
import { PolicySection, sectionState } from './policy-section';
import { usePolicyPartForm } from './use-policy-part-form';

/** The contract's waitlist rules, worded for the person typing. */
const waitlistForm = z.object({
  offersAtOnce: worded(waitlistPolicy.shape.offersAtOnce, labelled('Offers at once')),
  holdMinutes: worded(waitlistPolicy.shape.holdMinutes, labelled('Hold time')),
});
type WaitlistFormInput = z.input<typeof waitlistForm>;

/** How many waiting patients hear of a freed time at once, and how long each offer holds. */
export function WaitlistPolicyForm({ slug, current }: { slug: string; current: ClinicPolicyView }) {
  const id = useId();
  const { form, save, submit } = usePolicyPartForm(slug, current, 'waitlist', {
    resolver: zodResolver(waitlistForm),
    toForm: (policy): WaitlistFormInput => policy,
    saved: 'Waitlist settings saved.',
  });
  const errors = form.formState.errors;
  const atOnceError = errors.offersAtOnce?.message;
  const holdError = errors.holdMinutes?.message;
  return (
    <PolicySection
      title="Waitlist offers"
      intro={
        <>
          When time becomes free, waiting patients it suits are offered it by email, urgent ones
          first, then whoever has waited longest. The first to accept gets it. An offer never holds
          past the start of the time it offers.
        </>
      }
      {...sectionState(form, save, submit)}
      saveLabel="Save waitlist settings"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          id={`${id}-at-once`}
          label="Offers at once"
          hint="How many patients are offered one freed time together (1 to 10)."
          error={atOnceError}
          min={1}
          max={10}
          registration={form.register('offersAtOnce', { valueAsNumber: true })}
        />
        <NumberField
          id={`${id}-hold`}
          label="Hold time (minutes)"
          hint="How long a patient has to answer before the time passes to the next (default 120)."
          error={holdError}
          min={5}
          step={5}
          registration={form.register('holdMinutes', { valueAsNumber: true })}
        />
      </div>
    </PolicySection>
  );
}
