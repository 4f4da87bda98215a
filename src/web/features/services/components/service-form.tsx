import { useId } from 'react';
import { Controller, useController, useForm } from 'react-hook-form';
import { SERVICE_KINDS, SERVICE_PATIENTS, type ServiceView } from '@contracts/services';
import { DialogForm, mutationState } from '@web/components/dialog-frame';
import { OptionsSelect } from '@web/components/options-select';
import { SelectField } from '@web/components/select-field';
import { Checkbox } from '@web/components/ui/checkbox';
import { fieldDescription, FormField, TextField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { saveVersioned } from '@web/lib/save-versioned';
import { useSaveService } from '../api/services';
import {
  formValuesOf,
  KIND_LABELS,
  PATIENTS_LABELS,
  serviceFormResolver,
  type ServiceFormOutput,
  type ServiceFormValues,
} from '../utils/service-form';
import { LengthChoices } from './length-choices';
import { NeedsField } from './needs-field';
import { OfferedByField } from './offered-by-field';

const KIND_OPTIONS = SERVICE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
const PATIENT_OPTIONS = SERVICE_PATIENTS.map((p) => ({ value: p, label: PATIENTS_LABELS[p] }));

/** A service's fields, checked by the contract's rules before anything is sent. */
export function ServiceForm({
  clinic,
  service,
  onDone,
}: {
  clinic: { id: string; slug: string };
  /** null to add one. */
  service: ServiceView | null;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveService(clinic.id);
  const { register, control, handleSubmit, watch, formState } = useForm<
    ServiceFormValues,
    unknown,
    ServiceFormOutput
  >({ resolver: serviceFormResolver, defaultValues: formValuesOf(service) });
  const { errors } = formState;
  const agents = useController({ control, name: 'agents' });
  const offeredByAll = useController({ control, name: 'offeredByAll' });
  const need = useController({ control, name: 'need' });
  const needCategory = useController({ control, name: 'resourceCategory' });
  const needResource = useController({ control, name: 'resourceId' });
  const bookableOnline = watch('bookableOnline');
  const kind = watch('kind');

  const submit = handleSubmit((body) => {
    if (save.isPending) return;
    saveVersioned(save, service, body, onDone);
  });
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <DialogForm
      onSubmit={(event) => void submit(event)}
      {...mutationState(save)}
      label={service ? 'Save service' : 'Add service'}
      pendingLabel="Saving..."
    >
      <TextField
        id={fieldId('name')}
        label="Name"
        required
        aria-required="true"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        control={control}
        name="durations"
        render={({ field }) => (
          <LengthChoices
            id={fieldId('durations')}
            value={field.value}
            onChange={field.onChange}
            firstRef={field.ref}
            error={errors.durations?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={fieldId('before')}
          label="Buffer before (minutes)"
          hint="Kept free before each visit."
          inputMode="numeric"
          error={errors.bufferBeforeMinutes?.message}
          {...register('bufferBeforeMinutes', { valueAsNumber: true })}
        />
        <TextField
          id={fieldId('after')}
          label="Buffer after (minutes)"
          hint="Kept free after each visit."
          inputMode="numeric"
          error={errors.bufferAfterMinutes?.message}
          {...register('bufferAfterMinutes', { valueAsNumber: true })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <SelectField
          control={control}
          name="kind"
          id={fieldId('kind')}
          label="How it happens"
          options={KIND_OPTIONS}
          error={errors.kind?.message}
        />
        <FormField id={fieldId('colour')} label="Colour" error={errors.colour?.message}>
          <Input
            id={fieldId('colour')}
            type="color"
            className="w-20 cursor-pointer p-1"
            {...fieldDescription(fieldId('colour'), { error: errors.colour?.message })}
            {...register('colour')}
          />
        </FormField>
      </div>
      {kind === 'in_person' && (
        <TextField
          id={fieldId('location')}
          label="Where (optional)"
          hint="A room or another address; empty for the clinic’s address."
          error={errors.location?.message}
          autoComplete="off"
          {...register('location')}
        />
      )}
      <OfferedByField
        id={fieldId('agents')}
        clinicSlug={clinic.slug}
        listed={service?.agents ?? []}
        isDefault={service?.isDefault ?? false}
        offeredByAll={offeredByAll.field.value}
        agents={agents.field.value}
        onOfferedByAllChange={offeredByAll.field.onChange}
        onAgentsChange={agents.field.onChange}
        error={errors.agents?.message}
      />
      <NeedsField
        id={fieldId('needs')}
        clinicId={clinic.id}
        need={need.field.value}
        category={needCategory.field.value}
        resourceId={needResource.field.value}
        onNeedChange={need.field.onChange}
        onCategoryChange={needCategory.field.onChange}
        onResourceChange={needResource.field.onChange}
        categoryError={errors.resourceCategory?.message}
        resourceError={errors.resourceId?.message}
      />
      <div className="grid gap-3">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox {...register('bookableOnline')} />
          Patients may book it online
        </label>
        {bookableOnline && (
          <FormField
            id={fieldId('patients')}
            label="Who may book it online"
            error={errors.patientsAllowed?.message}
          >
            <Controller
              control={control}
              name="patientsAllowed"
              render={({ field }) => (
                <OptionsSelect
                  id={fieldId('patients')}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={PATIENT_OPTIONS}
                />
              )}
            />
          </FormField>
        )}
      </div>
      <FormField
        id={fieldId('instructions')}
        label="Instructions for the patient (optional)"
        hint="Shown in the confirmation, the reminders and the patient’s visit page."
        error={errors.instructions?.message}
      >
        <Textarea
          id={fieldId('instructions')}
          rows={3}
          {...fieldDescription(fieldId('instructions'), {
            error: errors.instructions?.message,
            hint: true,
          })}
          {...register('instructions')}
        />
      </FormField>
    </DialogForm>
  );
}
