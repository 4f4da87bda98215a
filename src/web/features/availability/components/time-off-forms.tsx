import { useId, useMemo, type ComponentProps, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ScheduleOverride } from '@domain/schedule';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { daysOffSchema, extraHoursSchema } from '../utils/time-off-forms';
import { TimeField } from '@web/components/weekly-hours/time-field';
import { Checkbox } from '@web/components/ui/checkbox';

interface TimeOffFormProps {
  overrides: ScheduleOverride[];
  today: string;
  onChange: (overrides: ScheduleOverride[]) => void;
}

/**
 * The first problem among `fields` (in the order they are filled in), and the props that tie
 * the field it is about to the message.
 */
function firstProblem<Field extends string>(
  errors: FieldErrors<Record<Field, unknown>>,
  fields: readonly Field[],
  messageId: string,
) {
  const field = fields.find((name) => errors[name]);
  return {
    message: field ? errors[field]?.message : undefined,
    describe: (name: Field) =>
      name === field ? { 'aria-invalid': true, 'aria-describedby': messageId } : {},
  };
}

/** A date, or a from–to range, of days off. */
export function DaysOffForm({ overrides, today, onChange }: TimeOffFormProps) {
  const id = useId();
  const schema = useMemo(() => daysOffSchema(overrides), [overrides]);
  const { register, control, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { from: '', to: '' },
    reValidateMode: 'onSubmit',
  });
  const from = useWatch({ control, name: 'from' });
  const problem = firstProblem(formState.errors, ['from', 'to'], `${id}-problem`);

  return (
    <TimeOffForm
      label="Add days off"
      problemId={`${id}-problem`}
      problem={problem.message}
      onSubmit={handleSubmit((next) => {
        onChange(next);
        reset();
      })}
      fields={
        <>
          <DateField
            id={`${id}-from`}
            label="Day off from"
            min={today}
            {...register('from')}
            {...problem.describe('from')}
          />
          <DateField
            id={`${id}-to`}
            label="To (optional)"
            min={from || today}
            {...register('to')}
            {...problem.describe('to')}
          />
        </>
      }
      submitLabel="Add days off"
    />
  );
}

/** Extra hours on one date, optionally instead of that date's weekly hours. */
export function ExtraHoursForm({ overrides, today, onChange }: TimeOffFormProps) {
  const id = useId();
  const schema = useMemo(() => extraHoursSchema(overrides), [overrides]);
  const { register, handleSubmit, resetField, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { date: '', start: '09:00', end: '12:00', onlyThese: false },
    reValidateMode: 'onSubmit',
  });
  const problem = firstProblem(formState.errors, ['date', 'start', 'end'], `${id}-problem`);

  return (
    <TimeOffForm
      label="Add extra hours"
      problemId={`${id}-problem`}
      problem={problem.message}
      onSubmit={handleSubmit((next) => {
        onChange(next);
        // The same hours are often added on several dates: only the date starts over.
        resetField('date');
      })}
      fields={
        <>
          <DateField
            id={`${id}-date`}
            label="Extra hours on"
            min={today}
            {...register('date')}
            {...problem.describe('date')}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-start`}>From</Label>
            <TimeField id={`${id}-start`} {...register('start')} {...problem.describe('start')} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-end`}>To</Label>
            <TimeField id={`${id}-end`} {...register('end')} {...problem.describe('end')} />
          </div>
        </>
      }
      submitLabel="Add hours"
    >
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...register('onlyThese')} />
        Only these hours that day (the weekly hours are off)
      </label>
    </TimeOffForm>
  );
}

/** The row of fields and the add button, what else the form asks, then the first problem. */
function TimeOffForm({
  label,
  fields,
  submitLabel,
  problemId,
  problem,
  onSubmit,
  children,
}: {
  label: string;
  fields: ReactNode;
  submitLabel: string;
  problemId: string;
  problem: string | undefined;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} aria-label={label} className="space-y-2" noValidate>
      <div className="flex flex-wrap items-end gap-3">
        {fields}
        <Button type="submit" variant="outline">
          {submitLabel}
        </Button>
      </div>
      {children}
      {problem && (
        <p id={problemId} className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** A labelled calendar date, no earlier than `min`. */
function DateField({
  id,
  label,
  ...input
}: { id: string; label: string } & Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" className="w-40" {...input} />
    </div>
  );
}
