import { useId } from 'react';
import type { ClinicPolicyView, OutsideCalendarsPolicy } from '@contracts/clinic-policy';
import { Checkbox } from '@web/components/ui/checkbox';
import { PolicySection, sectionState } from './policy-section';
import { usePolicyPartForm } from './use-policy-part-form';

const DEFAULTS: OutsideCalendarsPolicy = { dropFailingAfterDay: false };
const toForm = (policy: OutsideCalendarsPolicy | undefined): OutsideCalendarsPolicy => ({
  ...DEFAULTS,
  ...policy,
});

/**
 * What a staff member's outside calendar that stops syncing does to this clinic's slots (issue
 * 46, ADR 053): by default its last known busy times keep blocking, however long it fails.
 */
export function OutsideCalendarsPolicyForm({
  slug,
  current,
}: {
  slug: string;
  current: ClinicPolicyView;
}) {
  const id = useId();
  const { form, save, submit } = usePolicyPartForm(slug, current, 'outsideCalendars', {
    toForm,
    saved: 'Outside calendar settings saved.',
  });
  return (
    <PolicySection
      title="Outside calendars"
      intro={
        <>
          Staff may connect their other calendars on their availability page; times busy there
          cannot be booked here. When a calendar stops syncing, its last known busy times keep
          blocking unless you choose otherwise.
        </>
      }
      {...sectionState(form, save, submit)}
      saveLabel="Save outside calendar settings"
    >
      <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-drop`}>
        <Checkbox id={`${id}-drop`} {...form.register('dropFailingAfterDay')} />A calendar that
        fails to sync for a day stops blocking
      </label>
    </PolicySection>
  );
}
