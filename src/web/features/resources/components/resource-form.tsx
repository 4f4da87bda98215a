import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { RESOURCE_KINDS, type ResourceView } from '@contracts/resources';
import type { WeeklySegment } from '@domain/schedule';
import { DialogForm, mutationState } from '@web/components/dialog-frame';
import { SelectField } from '@web/components/select-field';
import { Checkbox } from '@web/components/ui/checkbox';
import { TextField } from '@web/components/ui/form-field';
import { WeeklyEditor } from '@web/components/weekly-hours/weekly-editor';
import {
  daysFromWeekly,
  weeklyFromDays,
  weeklyProblems,
} from '@web/components/weekly-hours/weekly-draft';
import { saveVersioned } from '@web/lib/save-versioned';
import { RESOURCE_KIND_LABELS } from '@web/queries/resources';
import { useSaveResource } from '../api/resources';
import {
  formValuesOf,
  resourceFormResolver,
  type ResourceFormOutput,
  type ResourceFormValues,
} from '../utils/resource-form';

const KIND_OPTIONS = RESOURCE_KINDS.map((kind) => ({
  value: kind,
  label: RESOURCE_KIND_LABELS[kind],
}));

/** The weekdays a new resource's own hours start with: Monday to Friday, 09:00–17:00. */
const WORKING_WEEK: WeeklySegment[] = ([1, 2, 3, 4, 5] as const).map((weekday) => ({
  weekday,
  start: '09:00',
  end: '17:00',
}));

/** A room's or a machine's fields, checked by the contract's rules before anything is sent. */
export function ResourceForm({
  clinicId,
  resource,
  categories,
  onDone,
}: {
  clinicId: string;
  /** null to add one. */
  resource: ResourceView | null;
  /** The clinic's categories, suggested as the category is typed. */
  categories: readonly string[];
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveResource(clinicId);
  const { register, control, handleSubmit, watch, formState } = useForm<
    ResourceFormValues,
    unknown,
    ResourceFormOutput
  >({ resolver: resourceFormResolver, defaultValues: formValuesOf(resource) });
  const { errors } = formState;
  const ownHours = watch('ownHours');
  const [days, setDays] = useState(() => daysFromWeekly(resource?.weekly ?? WORKING_WEEK));
  const [triedHours, setTriedHours] = useState(false);
  const problems = weeklyProblems(days);
  const fieldId = (name: string) => `${id}-${name}`;

  const submit = handleSubmit((values) => {
    if (save.isPending) return;
    if (values.ownHours && problems.count > 0) {
      setTriedHours(true);
      return;
    }
    const body = {
      name: values.name,
      kind: values.kind,
      category: values.category,
      weekly: values.ownHours ? weeklyFromDays(days) : null,
    };
    saveVersioned(save, resource, body, onDone);
  });

  return (
    <DialogForm
      onSubmit={(event) => void submit(event)}
      {...mutationState(save)}
      label={resource ? 'Save' : 'Add'}
      pendingLabel="Saving..."
    >
      <TextField
        id={fieldId('name')}
        label="Name"
        required
        aria-required="true"
        autoComplete="off"
        hint="As staff call it: “Treatment room 2”, “Ultrasound (GE)”."
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="kind"
          id={fieldId('kind')}
          label="Kind"
          options={KIND_OPTIONS}
          error={errors.kind?.message}
        />
        <TextField
          id={fieldId('category')}
          label="Category"
          required
          aria-required="true"
          autoComplete="off"
          list={fieldId('categories')}
          hint="What a service asks for: any of this category will do."
          error={errors.category?.message}
          {...register('category')}
        />
        <datalist id={fieldId('categories')}>
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
      </div>
      <fieldset className="grid gap-3">
        <legend className="sr-only">Hours</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <Checkbox {...register('ownHours')} />
          Own hours
        </label>
        <p className="text-xs text-muted-foreground">
          {ownHours
            ? 'It can be booked only within these hours, in the clinic’s time zone.'
            : 'Off: it can be booked whenever the clinic’s providers and nurses work.'}
        </p>
        {ownHours && (
          <div className="rounded-md border px-3">
            <WeeklyEditor days={days} problems={problems} onChange={setDays} />
          </div>
        )}
        {ownHours && triedHours && problems.count > 0 && (
          <p role="alert" className="text-xs font-medium text-destructive">
            Fix the hours marked above before saving.
          </p>
        )}
      </fieldset>
    </DialogForm>
  );
}
