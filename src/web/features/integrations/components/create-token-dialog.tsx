import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CreatedApiToken } from '@contracts/integrations';
import type { ClinicSummary } from '@contracts/auth';
import { ClinicCheckboxesField, preselectedClinicIds } from '@web/components/clinic-checkboxes';
import { VisitLinksCheckbox } from '@web/components/integration-sharing';
import { DialogForm, mutationState, TitledDialog } from '@web/components/dialog-frame';
import { TextField } from '@web/components/ui/form-field';
import { useCreateApiToken } from '../api/api-tokens';
import { tokenFormSchema, type TokenFormOutput, type TokenFormValues } from '../utils/token-form';
import { SecretOnce } from './secret-once';

const NAME_HINT = 'Who uses it, so you can tell tokens apart: “Riverside EHR”.';

const ACCESS = [
  { value: 'read', label: 'Read', hint: 'Appointments, free slots, patients and staff.' },
  {
    value: 'readWrite',
    label: 'Read and write',
    hint: 'Also book, cancel and mark appointments and add patients.',
  },
] as const;

function TokenForm({
  clinics,
  onCreated,
}: {
  clinics: readonly ClinicSummary[];
  onCreated: (created: CreatedApiToken) => void;
}) {
  const create = useCreateApiToken();
  const { register, control, handleSubmit, formState } = useForm<
    TokenFormValues,
    unknown,
    TokenFormOutput
  >({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: {
      name: '',
      clinicIds: preselectedClinicIds(clinics),
      access: 'read',
      visitLinks: false,
    },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) => {
    if (!create.isPending) create.mutate(body, { onSuccess: onCreated });
  });

  return (
    <DialogForm
      onSubmit={submit}
      {...mutationState(create)}
      label="Create token"
      pendingLabel="Creating..."
    >
      <TextField
        id="token-name"
        label="Name"
        hint={NAME_HINT}
        error={errors.name?.message}
        autoComplete="off"
        {...register('name')}
      />
      <ClinicCheckboxesField
        id="token-clinics"
        control={control}
        clinics={clinics}
        error={errors.clinicIds?.message}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">Access</legend>
        {ACCESS.map(({ value, label, hint }) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring/40"
          >
            <input
              type="radio"
              value={value}
              className="mt-0.5 size-4 accent-primary outline-none"
              {...register('access')}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{label}</span>
              <span className="text-muted-foreground">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <VisitLinksCheckbox
        id="token-visit-links"
        hint="Include each appointment’s patient visit link in what the token reads."
        {...register('visitLinks')}
      />
    </DialogForm>
  );
}

/**
 * Creates an integration token, then shows its secret, once: the server keeps only its hash, so
 * closing the dialog is the last chance to copy it.
 */
export function CreateTokenDialog({
  open,
  onOpenChange,
  clinics,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clinics: readonly ClinicSummary[];
}) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const change = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <TitledDialog
      open={open}
      onOpenChange={change}
      className="sm:max-w-lg"
      title={created ? 'Copy your token now' : 'Create integration token'}
      description={
        created
          ? 'This is the only time it is shown. Store it where the other system keeps its secrets.'
          : 'Another system (a health record, billing, a patient app) uses it to call the FHIR API for the clinics you choose.'
      }
    >
      {created ? (
        <SecretOnce secret={created.token} onDone={() => change(false)} />
      ) : (
        <TokenForm clinics={clinics} onCreated={setCreated} />
      )}
    </TitledDialog>
  );
}
