import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { textPolicy, type ClinicPolicyView } from '@contracts/clinic-policy';
import { TextField } from '@web/components/ui/form-field';
import { blankAsAbsent, labelled, worded } from '@web/lib/form-schema';
import { PolicySection, sectionState } from './policy-section';
import { usePolicyPartForm } from './use-policy-part-form';
import { TextPreview } from './text-preview';

type TextPolicyView = NonNullable<ClinicPolicyView['policy']['texts']>;

/** What a clinic has before an admin sets it (migration 0041's defaults). */
const UNSET: TextPolicyView = {
  quietHoursStart: '21:00',
  quietHoursEnd: '08:00',
  country: 'US',
  sendingNumber: null,
};

const shape = textPolicy.shape;
/** The contract's rules in this form's words; a blank sending number is "none". */
const textPolicyForm = z.object({
  quietHoursStart: worded(shape.quietHoursStart, labelled('Quiet hours start')),
  quietHoursEnd: worded(shape.quietHoursEnd, labelled('Quiet hours end')),
  country: worded(shape.country, labelled('The country')),
  sendingNumber: worded(
    blankAsAbsent(shape.sendingNumber.unwrap().optional()),
    labelled('The sending number'),
  ).transform((number) => number ?? null),
});
type TextPolicyFormInput = z.input<typeof textPolicyForm>;

const toForm = (policy: TextPolicyView | undefined): TextPolicyFormInput => {
  const texts = policy ?? UNSET;
  return { ...texts, sendingNumber: texts.sendingNumber ?? '' };
};

/**
 * How the clinic texts patients who chose texts (ADR 050): when no text leaves, the country a
 * number without its code is read in, and the number texts come from. The server checks the
 * country and the number and says why it refuses one.
 */
export function TextPolicyForm({ slug, current }: { slug: string; current: ClinicPolicyView }) {
  const id = useId();
  const { form, save, submit } = usePolicyPartForm(slug, current, 'texts', {
    resolver: zodResolver(textPolicyForm),
    toForm,
    saved: 'Text message settings saved.',
  });
  const errors = form.formState.errors;
  return (
    <PolicySection
      title="Text messages"
      intro={
        <>
          Patients who chose texts get their reminders and booking messages by text. No text leaves
          during quiet hours, in the clinic’s time: one due then waits until they end. The same time
          for start and end means no quiet hours.
        </>
      }
      {...sectionState(form, save, submit)}
      saveLabel="Save text message settings"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-quiet-start`}
          label="Quiet hours start"
          error={errors.quietHoursStart?.message}
          type="time"
          {...form.register('quietHoursStart')}
        />
        <TextField
          id={`${id}-quiet-end`}
          label="Quiet hours end"
          error={errors.quietHoursEnd?.message}
          type="time"
          {...form.register('quietHoursEnd')}
        />
        <TextField
          id={`${id}-country`}
          label="Default country"
          hint="Two letters, such as US, CA or ES: numbers written without a country code are read in it."
          error={errors.country?.message}
          autoComplete="off"
          maxLength={2}
          {...form.register('country')}
        />
        <TextField
          id={`${id}-number`}
          label="Sending number"
          hint="The number texts come from; patients’ replies to it reach this clinic. Blank: the gateway’s own."
          error={errors.sendingNumber?.message}
          type="tel"
          autoComplete="off"
          {...form.register('sendingNumber')}
        />
      </div>
      <TextPreview clinic={current.clinic} phone={current.policy.selfService.phone} />
    </PolicySection>
  );
}
