import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import type { WaitlistEntry } from '@contracts/waitlist';
import { durationsFor } from '@domain/services';
import { TIMES_OF_DAY, WAITLIST_PRIORITIES } from '@domain/waitlist';
import { AllOrOneSelect } from '@web/components/all-or-one-select';
import { OptionsSelect } from '@web/components/options-select';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { TitledDialog } from '@web/components/dialog-frame';
import { DialogFooter } from '@web/components/ui/dialog';
import { FieldError, FormField, TextField, fieldDescription } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { clinicAgentsQueryOptions, clinicsQueryOptions } from '@web/queries/clinics';
import {
  lengthLabel,
  serviceRulesOf,
  useClinicServices,
  type ServiceView,
} from '@web/queries/services';
import { useSaveWaitlistEntry } from '../api/waitlist';
import { DURATIONS, PRIORITY_LABELS, TIME_OF_DAY_LABELS, WEEKDAY_SHORT } from './waitlist-labels';

/** A patient as the picker hands them over. */
export interface PickedPatient {
  id: string;
  fullName: string;
}
export type RenderPatientPicker = (
  clinic: string,
  onSelect: (patient: PickedPatient) => void,
) => ReactNode;

const entryForm = z
  .object({
    clinic: z.string().min(1, 'Choose a clinic.'),
    patientId: z.string().min(1, 'Find or add the patient.'),
    patientName: z.string(),
    providerId: z.string(),
    /** '': the clinic's default service. */
    serviceId: z.string(),
    duration: z.number(),
    windowFrom: z.iso.date('Enter the first date the patient could come.'),
    windowTo: z.iso.date('Enter the last date the patient could come.'),
    weekdays: z.array(z.number()),
    timesOfDay: z.array(z.enum(TIMES_OF_DAY)),
    priority: z.enum(WAITLIST_PRIORITIES),
    notes: z.string().max(2000, 'Notes can be at most 2000 characters.'),
  })
  .refine((v) => v.windowTo >= v.windowFrom, {
    message: 'The last date cannot be before the first.',
    path: ['windowTo'],
  });
type EntryFormValues = z.infer<typeof entryForm>;

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
function inDays(from: string, days: number): string {
  const d = new Date(`${from}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function initialValues(entry: WaitlistEntry | null, clinic: string): EntryFormValues {
  if (entry) {
    return {
      clinic: entry.clinic.slug,
      patientId: entry.patient.id,
      patientName: entry.patient.name,
      providerId: entry.provider?.id ?? '',
      serviceId: entry.serviceId ?? '',
      duration: entry.duration,
      windowFrom: entry.windowFrom,
      windowTo: entry.windowTo,
      weekdays: entry.weekdays,
      timesOfDay: entry.timesOfDay,
      priority: entry.priority,
      notes: entry.notes ?? '',
    };
  }
  const from = today();
  return {
    clinic,
    patientId: '',
    patientName: '',
    providerId: '',
    serviceId: '',
    duration: 30,
    windowFrom: from,
    windowTo: inDays(from, 30),
    weekdays: [],
    timesOfDay: [],
    priority: 'normal',
    notes: '',
  };
}

/** Add a patient to the waitlist, or change what an entry wishes. */
export function WaitlistEntryDialog({
  entry,
  open,
  onClose,
  renderPatientPicker,
}: {
  /** Null: a new entry. */
  entry: WaitlistEntry | null;
  open: boolean;
  onClose: () => void;
  renderPatientPicker: RenderPatientPicker;
}) {
  const clinics = useQuery(clinicsQueryOptions);
  const firstClinic = clinics.data?.length === 1 ? clinics.data[0]!.slug : '';
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      className="max-h-[90svh] overflow-y-auto sm:max-w-xl"
      title={entry ? 'Edit waitlist entry' : 'Add to waitlist'}
      description="When a time that suits these wishes becomes free, the patient is offered it by email."
    >
      {open && (
        <EntryForm
          key={entry?.id ?? `new-${firstClinic}`}
          entry={entry}
          initial={initialValues(entry, firstClinic)}
          clinics={clinics.data ?? []}
          onDone={onClose}
          renderPatientPicker={renderPatientPicker}
        />
      )}
    </TitledDialog>
  );
}

function EntryForm({
  entry,
  initial,
  clinics,
  onDone,
  renderPatientPicker,
}: {
  entry: WaitlistEntry | null;
  initial: EntryFormValues;
  clinics: Array<{ slug: string; name: string }>;
  onDone: () => void;
  renderPatientPicker: RenderPatientPicker;
}) {
  const id = useId();
  const save = useSaveWaitlistEntry(entry?.id ?? null);
  const form = useForm<EntryFormValues>({
    resolver: zodResolver(entryForm),
    defaultValues: initial,
  });
  const clinic = form.watch('clinic');
  const patientName = form.watch('patientName');
  const agents = useQuery(clinicAgentsQueryOptions(clinic));
  const services = useClinicServices(clinic || undefined);
  const serviceId = form.watch('serviceId');
  const providerId = form.watch('providerId');
  const chosen = services.data?.find((s) => s.id === serviceId);
  // The service's lengths (the chosen provider's own where they have one); the default
  // service takes the usual choices.
  const lengths =
    chosen && !chosen.isDefault ? durationsFor(serviceRulesOf(chosen), providerId) : [...DURATIONS];
  // An entry keeps an archived service it names; new choices are the active ones.
  const serviceOptions = (services.data ?? []).filter((s) => !s.archived || s.id === serviceId);
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        clinic: values.clinic,
        patientId: values.patientId,
        providerId: values.providerId || null,
        serviceId: values.serviceId || null,
        duration: values.duration,
        windowFrom: values.windowFrom,
        windowTo: values.windowTo,
        weekdays: values.weekdays as Array<0 | 1 | 2 | 3 | 4 | 5 | 6>,
        timesOfDay: values.timesOfDay,
        priority: values.priority,
        notes: values.notes,
      },
      {
        onSuccess: () => {
          toast.success(
            entry ? 'Waitlist entry saved.' : `${values.patientName} is on the waitlist.`,
          );
          onDone();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {!entry && (
        <FormField id={`${id}-clinic`} label="Clinic" required error={errors.clinic?.message}>
          <Controller
            control={form.control}
            name="clinic"
            render={({ field }) => (
              <OptionsSelect
                id={`${id}-clinic`}
                ref={field.ref}
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  // Another clinic: its patients and providers are others.
                  form.setValue('patientId', '');
                  form.setValue('patientName', '');
                  form.setValue('providerId', '');
                }}
                onBlur={field.onBlur}
                placeholder="Select a clinic"
                options={clinics.map((c) => ({ value: c.slug, label: c.name }))}
                aria-required="true"
                {...fieldDescription(`${id}-clinic`, { error: errors.clinic?.message })}
              />
            )}
          />
        </FormField>
      )}

      <div className="grid gap-2">
        {/* The search has its own "Patient Search" label: the heading is for the other states. */}
        {(patientName || !clinic) && (
          <p className="text-sm font-medium">
            Patient{' '}
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          </p>
        )}
        {patientName ? (
          <div className="flex items-center justify-between rounded-md border p-3 text-sm">
            <span className="font-medium" data-testid="waitlist-patient">
              {patientName}
            </span>
            {!entry && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  form.setValue('patientId', '');
                  form.setValue('patientName', '');
                }}
              >
                Change
              </Button>
            )}
          </div>
        ) : clinic ? (
          renderPatientPicker(clinic, (patient) => {
            form.setValue('patientId', patient.id, { shouldValidate: true });
            form.setValue('patientName', patient.fullName);
          })
        ) : (
          <p className="text-sm text-muted-foreground">Choose the clinic first.</p>
        )}
        <FieldError id={`${id}-patient-error`} message={errors.patientId?.message} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-provider`} label="Provider">
          <Controller
            control={form.control}
            name="providerId"
            render={({ field }) => (
              <AllOrOneSelect
                id={`${id}-provider`}
                allLabel="Any provider"
                options={(agents.data ?? []).map((agent) => ({
                  value: agent._id,
                  label: agent.name,
                }))}
                value={field.value || undefined}
                onChange={(next) => {
                  field.onChange(next ?? '');
                  // A provider's own length for the service replaces the service's.
                  if (chosen && !chosen.isDefault) {
                    const allowed = durationsFor(serviceRulesOf(chosen), next ?? '');
                    if (!allowed.includes(form.getValues('duration')))
                      form.setValue('duration', allowed[0]!);
                  }
                }}
                disabled={!clinic}
                disabledHint="Choose the clinic first"
              />
            )}
          />
        </FormField>
        {serviceOptions.length > 1 && (
          <FormField id={`${id}-service`} label="Service">
            <Controller
              control={form.control}
              name="serviceId"
              render={({ field }) => (
                <OptionsSelect
                  id={`${id}-service`}
                  ref={field.ref}
                  value={field.value || defaultIdOf(serviceOptions)}
                  onChange={(next) => {
                    const service = serviceOptions.find((s) => s.id === next);
                    field.onChange(service?.isDefault ? '' : next);
                    // A service's own lengths: its first unless the length chosen is one of them.
                    if (service && !service.isDefault) {
                      const allowed = durationsFor(serviceRulesOf(service), providerId);
                      if (!allowed.includes(form.getValues('duration')))
                        form.setValue('duration', allowed[0]!);
                    }
                  }}
                  onBlur={field.onBlur}
                  options={serviceOptions.map((s) => ({ value: s.id, label: s.name }))}
                />
              )}
            />
          </FormField>
        )}
        <FormField id={`${id}-duration`} label="Duration">
          <Controller
            control={form.control}
            name="duration"
            render={({ field }) => (
              <OptionsSelect
                id={`${id}-duration`}
                ref={field.ref}
                value={String(field.value)}
                onChange={(next) => field.onChange(Number(next))}
                onBlur={field.onBlur}
                options={lengths.map((minutes) => ({
                  value: String(minutes),
                  label: chosen && !chosen.isDefault ? lengthLabel(minutes) : `${minutes} minutes`,
                }))}
              />
            )}
          />
        </FormField>
        <TextField
          id={`${id}-from`}
          label="From"
          required
          error={errors.windowFrom?.message}
          type="date"
          {...form.register('windowFrom')}
        />
        <TextField
          id={`${id}-to`}
          label="Until"
          required
          error={errors.windowTo?.message}
          type="date"
          {...form.register('windowTo')}
        />
      </div>

      <Controller
        control={form.control}
        name="weekdays"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Weekdays (none ticked: any day)</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAY_SHORT.map((label, weekday) => (
                <label key={label} className="flex items-center gap-1.5 text-sm">
                  <Checkbox
                    checked={field.value.includes(weekday)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked
                          ? [...field.value, weekday].sort()
                          : field.value.filter((d) => d !== weekday),
                      )
                    }
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <Controller
        control={form.control}
        name="timesOfDay"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Times of day (none ticked: any time)</legend>
            <div className="flex flex-wrap gap-3">
              {TIMES_OF_DAY.map((part) => (
                <label key={part} className="flex items-center gap-1.5 text-sm">
                  <Checkbox
                    checked={field.value.includes(part)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked
                          ? [...field.value, part]
                          : field.value.filter((p) => p !== part),
                      )
                    }
                  />
                  {TIME_OF_DAY_LABELS[part]}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <FormField id={`${id}-priority`} label="Priority">
        <Controller
          control={form.control}
          name="priority"
          render={({ field }) => (
            <OptionsSelect
              id={`${id}-priority`}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={WAITLIST_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            />
          )}
        />
      </FormField>
      <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
        <Textarea id={`${id}-notes`} rows={3} {...form.register('notes')} />
      </FormField>
      {save.error && (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : entry ? 'Save' : 'Add to waitlist'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The default service's id: what '' (no service named) shows as in the select. */
function defaultIdOf(services: readonly ServiceView[]): string {
  return services.find((s) => s.isDefault)?.id ?? '';
}
