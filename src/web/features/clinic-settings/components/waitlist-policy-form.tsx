import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { waitlistPolicy, type ClinicPolicyView } from '@contracts/clinic-policy';
import { Button } from '@web/components/ui/button';
import { FormField, fieldDescription } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { labelled, worded } from '@web/lib/form-schema';
import { useUpdateClinicPolicy } from '../api/clinic-policy';

/** The contract's waitlist rules, worded for the person typing. */
const waitlistForm = z.object({
  offersAtOnce: worded(waitlistPolicy.shape.offersAtOnce, labelled('Offers at once')),
  holdMinutes: worded(waitlistPolicy.shape.holdMinutes, labelled('Hold time')),
});
type WaitlistFormInput = z.input<typeof waitlistForm>;
type WaitlistFormValues = z.output<typeof waitlistForm>;

/** How many waiting patients hear of a freed time at once, and how long each offer holds. */
export function WaitlistPolicyForm({ slug, current }: { slug: string; current: ClinicPolicyView }) {
  const id = useId();
  const save = useUpdateClinicPolicy(slug);
  const form = useForm<WaitlistFormInput, unknown, WaitlistFormValues>({
    resolver: zodResolver(waitlistForm),
    defaultValues: current.policy.waitlist,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((waitlist) =>
    save.mutate(
      { reminders: current.policy.reminders, waitlist },
      {
        onSuccess: (saved) => {
          form.reset(saved.policy.waitlist);
          toast.success('Waitlist settings saved.');
        },
      },
    ),
  );
  const atOnceError = errors.offersAtOnce?.message;
  const holdError = errors.holdMinutes?.message;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Waitlist offers
        </h2>
        <p className="text-sm text-muted-foreground">
          When time becomes free, waiting patients it suits are offered it by email, urgent ones
          first, then whoever has waited longest. The first to accept gets it. An offer never holds
          past the start of the time it offers.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-at-once`}
          label="Offers at once"
          hint="How many patients are offered one freed time together (1 to 10)."
          error={atOnceError}
        >
          <Input
            id={`${id}-at-once`}
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            step={1}
            {...fieldDescription(`${id}-at-once`, { error: atOnceError, hint: true })}
            {...form.register('offersAtOnce', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          id={`${id}-hold`}
          label="Hold time (minutes)"
          hint="How long a patient has to answer before the time passes to the next (default 120)."
          error={holdError}
        >
          <Input
            id={`${id}-hold`}
            type="number"
            inputMode="numeric"
            min={5}
            step={5}
            {...fieldDescription(`${id}-hold`, { error: holdError, hint: true })}
            {...form.register('holdMinutes', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      {save.error && (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending || !form.formState.isDirty}>
          {save.isPending ? 'Saving...' : 'Save waitlist settings'}
        </Button>
      </div>
    </form>
  );
}
