import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { onlineBookingPolicy, type ClinicPolicyView } from '@contracts/clinic-policy';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { labelled, worded } from '@web/lib/form-schema';
import { clinicAgentsQueryOptions } from '@web/queries/clinics';
import { NumberField } from './number-field';
import { PolicySection, sectionState } from './policy-section';
import { usePolicyPartForm } from './use-policy-part-form';
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
  const agents = useQuery(clinicAgentsQueryOptions(slug));
  const { form, save, submit } = usePolicyPartForm(slug, current, 'onlineBooking', {
    resolver: zodResolver(onlineBookingForm),
    toForm: (policy): OnlineBookingFormInput => policy,
    saved: 'Online booking settings saved.',
  });
  const errors = form.formState.errors;
  const agentIds = form.watch('agentIds');
  const durations = form.watch('durations');
  const lengths = [...new Set([...COMMON_LENGTHS, ...current.policy.onlineBooking.durations])].sort(
    (a, b) => a - b,
  );
  const setList = (name: 'agentIds' | 'durations', value: string[] | number[]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: true });
  return (
    <PolicySection
      title="Online booking"
      intro={
        <>
          Patients book themselves on the clinic’s public page at /book-online/{slug}. A time is
          held for 15 minutes until they open the link e-mailed to them; only then is it booked.
        </>
      }
      {...sectionState(form, save, submit)}
      saveLabel="Save online booking settings"
    >
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
        <NumberField
          id={`${id}-notice`}
          label="Minimum notice (hours)"
          hint="No online booking starts sooner than this (default 12)."
          error={errors.minNoticeHours?.message}
          min={0}
          registration={form.register('minNoticeHours', { valueAsNumber: true })}
        />
        <NumberField
          id={`${id}-horizon`}
          label="How far ahead (days)"
          hint="Nor later than this (default 60)."
          error={errors.horizonDays?.message}
          min={1}
          registration={form.register('horizonDays', { valueAsNumber: true })}
        />
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
    </PolicySection>
  );
}
