import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { onlineBookingPolicy, type ClinicPolicyView } from '@contracts/clinic-policy';
import { Button } from '@web/components/ui/button';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { labelled, worded } from '@web/lib/form-schema';
import { clinicAgentsQueryOptions } from '@web/queries/clinics';
import { useUpdateClinicPolicy } from '../api/clinic-policy';
import { Checkbox } from '@web/components/ui/checkbox';

const shape = onlineBookingPolicy.shape;
/** The contract's online booking rules, worded for the person typing. */
const onlineBookingForm = z.object({
  enabled: z.boolean(),
  agentIds: shape.agentIds,
  durations: worded(shape.durations, labelled('Visit lengths')),
  minNoticeHours: worded(shape.minNoticeHours, labelled('Minimum notice')),
  horizonDays: worded(shape.horizonDays, labelled('How far ahead')),
  intro: worded(shape.intro, labelled('The introduction')),
  allowNewPatients: z.boolean(),
});
type OnlineBookingFormInput = z.input<typeof onlineBookingForm>;
type OnlineBookingFormValues = z.output<typeof onlineBookingForm>;

/** Visit lengths offered as choices; a clinic's own other lengths are added to them. */
const COMMON_LENGTHS = [15, 20, 30, 45, 60, 90];

const toggled = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);

/** Whether patients book themselves on the clinic's public page, with whom and how. */
export function OnlineBookingPolicyForm({
  slug,
  current,
}: {
  slug: string;
  current: ClinicPolicyView;
}) {
  const id = useId();
  const save = useUpdateClinicPolicy(slug);
  const agents = useQuery(clinicAgentsQueryOptions(slug));
  const form = useForm<OnlineBookingFormInput, unknown, OnlineBookingFormValues>({
    resolver: zodResolver(onlineBookingForm),
    defaultValues: current.policy.onlineBooking,
  });
  const errors = form.formState.errors;
  const agentIds = form.watch('agentIds');
  const durations = form.watch('durations');
  const lengths = [...new Set([...COMMON_LENGTHS, ...current.policy.onlineBooking.durations])].sort(
    (a, b) => a - b,
  );
  const submit = form.handleSubmit((onlineBooking) =>
    save.mutate(
      { reminders: current.policy.reminders, onlineBooking },
      {
        onSuccess: (saved) => {
          form.reset(saved.policy.onlineBooking);
          toast.success('Online booking settings saved.');
        },
      },
    ),
  );
  const setList = (name: 'agentIds' | 'durations', value: string[] | number[]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: true });
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Online booking
        </h2>
        <p className="text-sm text-muted-foreground">
          Patients book themselves on the clinic’s public page at /book-online/{slug}. A time is
          held for 15 minutes until they open the link e-mailed to them; only then is it booked.
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register('enabled')} />
        Patients may book online
      </label>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Providers who take online bookings</legend>
        {agents.isPending ? (
          <p className="text-sm text-muted-foreground">Loading providers…</p>
        ) : agents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {agents.error.message}
          </p>
        ) : (
          agents.data.map((agent) => (
            <label key={agent._id} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={agentIds.includes(agent._id)}
                onChange={(e) =>
                  setList('agentIds', toggled(agentIds, agent._id, e.target.checked))
                }
              />
              {agent.name}
            </label>
          ))
        )}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Visit lengths offered</legend>
        <div className="flex flex-wrap gap-4">
          {lengths.map((minutes) => (
            <label key={minutes} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={durations.includes(minutes)}
                onChange={(e) =>
                  setList(
                    'durations',
                    toggled(durations, minutes, e.target.checked).sort((a, b) => a - b),
                  )
                }
              />
              {minutes} min
            </label>
          ))}
        </div>
        {errors.durations?.message && (
          <p role="alert" className="text-sm text-destructive">
            {errors.durations.message}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-notice`}
          label="Minimum notice (hours)"
          hint="No online booking starts sooner than this (default 12)."
          error={errors.minNoticeHours?.message}
        >
          <Input
            id={`${id}-notice`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...fieldDescription(`${id}-notice`, {
              error: errors.minNoticeHours?.message,
              hint: true,
            })}
            {...form.register('minNoticeHours', { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          id={`${id}-horizon`}
          label="How far ahead (days)"
          hint="Nor later than this (default 60)."
          error={errors.horizonDays?.message}
        >
          <Input
            id={`${id}-horizon`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...fieldDescription(`${id}-horizon`, {
              error: errors.horizonDays?.message,
              hint: true,
            })}
            {...form.register('horizonDays', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <FormField
        id={`${id}-intro`}
        label="Introduction"
        hint="Shown at the top of the booking page (optional)."
        error={errors.intro?.message}
      >
        <Textarea
          id={`${id}-intro`}
          rows={3}
          {...fieldDescription(`${id}-intro`, { error: errors.intro?.message, hint: true })}
          {...form.register('intro', { setValueAs: (v: string | null) => v ?? null })}
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...form.register('allowNewPatients')} />
        New patients may book (otherwise only patients the clinic already knows)
      </label>
      {save.error && (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending || !form.formState.isDirty}>
          {save.isPending ? 'Saving...' : 'Save online booking settings'}
        </Button>
      </div>
    </form>
  );
}
