import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { reminderOffset, type ClinicPolicyView } from '@contracts/clinic-policy';
import { MAX_REMINDERS } from '@domain/reminders';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useUpdateClinicPolicy } from '../api/clinic-policy';
import { PolicySection, sectionState } from './policy-section';
import { OFFSET_UNITS, toMinutes, toOffsetRow, type OffsetUnit } from '../utils/reminder-offsets';

const RANGE = 'A reminder goes out between 15 minutes and 7 days before the start.';

/** The contract's reminder rules, in the words of a form that edits "2 hours", "1 day". */
const reminderForm = z
  .object({
    reminders: z
      .array(
        z.object({
          amount: z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.'),
          unit: z.enum(OFFSET_UNITS),
        }),
      )
      .max(MAX_REMINDERS, `At most ${MAX_REMINDERS} reminders.`),
  })
  .superRefine(({ reminders }, ctx) => {
    const seen = new Set<number>();
    reminders.forEach((row, index) => {
      const minutes = toMinutes(row);
      if (!reminderOffset.safeParse(minutes).success) {
        ctx.addIssue({ code: 'custom', path: ['reminders', index, 'amount'], message: RANGE });
      } else if (seen.has(minutes)) {
        ctx.addIssue({
          code: 'custom',
          path: ['reminders', index, 'amount'],
          message: 'Another reminder already goes out at this time.',
        });
      }
      seen.add(minutes);
    });
  });
type ReminderFormValues = z.infer<typeof reminderForm>;

const UNIT_LABELS: Record<OffsetUnit, string> = {
  minutes: 'minutes',
  hours: 'hours',
  days: 'days',
};

/** Zero to three reminders before each appointment, as amount and unit, saved together. */
export function ReminderPolicyForm({ slug, current }: { slug: string; current: ClinicPolicyView }) {
  const id = useId();
  const save = useUpdateClinicPolicy(slug);
  const form = useForm<ReminderFormValues>({
    resolver: zodResolver(reminderForm),
    defaultValues: { reminders: current.policy.reminders.offsetsMinutes.map(toOffsetRow) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'reminders' });
  const errors = form.formState.errors.reminders;

  const submit = form.handleSubmit(({ reminders }) =>
    save.mutate(
      { reminders: { offsetsMinutes: reminders.map(toMinutes) } },
      {
        onSuccess: (saved) => {
          form.reset({ reminders: saved.policy.reminders.offsetsMinutes.map(toOffsetRow) });
          const n = saved.rescheduledAppointments;
          toast.success(
            n === 0
              ? 'Reminders saved.'
              : `Reminders saved. ${n} upcoming appointment${n === 1 ? '' : 's'} will be reminded on the new schedule.`,
          );
        },
      },
    ),
  );

  return (
    <PolicySection
      title="Reminders"
      intro={
        <>
          Patients get an email before each appointment with the time in the clinic’s zone, the
          visit link and a link to confirm. {RANGE} Changing them plans again the reminders of
          upcoming appointments that have not been reminded yet.
        </>
      }
      {...sectionState(form, save, submit)}
      saveLabel="Save reminders"
      actions={
        <Button
          type="button"
          variant="outline"
          disabled={fields.length >= MAX_REMINDERS}
          onClick={() => append({ amount: 1, unit: 'hours' })}
        >
          <PlusIcon /> Add reminder
        </Button>
      }
    >
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No reminders: patients hear from the clinic only when an appointment is booked or changed.
        </p>
      ) : (
        <ol className="grid gap-3">
          {fields.map((field, index) => {
            const problem = errors?.[index]?.amount?.message;
            const problemId = `${id}-${index}-problem`;
            return (
              <li key={field.id} className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    className="w-24"
                    aria-label={`Reminder ${index + 1}, how long before`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? problemId : undefined}
                    {...form.register(`reminders.${index}.amount`, { valueAsNumber: true })}
                  />
                  <select
                    aria-label={`Reminder ${index + 1}, unit`}
                    className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    {...form.register(`reminders.${index}.unit`)}
                  >
                    {OFFSET_UNITS.map((unit) => (
                      <option key={unit} value={unit}>
                        {UNIT_LABELS[unit]}
                      </option>
                    ))}
                  </select>
                  <span className="text-sm text-muted-foreground">before the start</span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove reminder ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <Trash2Icon />
                  </Button>
                </div>
                {problem && (
                  <p id={problemId} role="alert" className="text-sm text-destructive">
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </PolicySection>
  );
}
