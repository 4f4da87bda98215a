import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ClinicSummary } from '@contracts/auth';
import type { IdentityProviderView } from '@contracts/sso';
import { ClinicCheckboxesField, preselectedClinicIds } from '@web/components/clinic-checkboxes';
import { DialogForm, mutationState, TitledDialog } from '@web/components/dialog-frame';
import { Checkbox } from '@web/components/ui/checkbox';
import { TextField } from '@web/components/ui/form-field';
import { useSaveIdentityProvider } from '../api/identity-providers';
import {
  providerFormSchema,
  providerFormValues,
  type ProviderFormOutput,
  type ProviderFormValues,
} from '../utils/provider-form';
import { GroupMappingsField } from './group-mappings-field';

/** The provider's switches, each with what it does. */
const OPTIONS = [
  {
    name: 'createUsers',
    label: 'Create accounts on first sign-in',
    hint: 'For people of these domains with no account yet, if one of their groups is mapped.',
  },
  {
    name: 'linkByEmail',
    label: 'Link existing accounts by verified e-mail',
    hint: 'Only accounts of these clinics alone, and only when the provider has verified the address.',
  },
  {
    name: 'ssoOnly',
    label: 'SSO only',
    hint: 'People linked to this provider can no longer sign in with a password.',
  },
] as const;

function ProviderForm({
  provider,
  clinics,
  onSaved,
}: {
  provider: IdentityProviderView | null;
  clinics: readonly ClinicSummary[];
  onSaved: () => void;
}) {
  const save = useSaveIdentityProvider();
  const { register, control, handleSubmit, formState } = useForm<
    ProviderFormValues,
    unknown,
    ProviderFormOutput
  >({
    resolver: zodResolver(providerFormSchema),
    defaultValues: providerFormValues(provider, preselectedClinicIds(clinics)),
  });
  const { errors } = formState;
  const submit = handleSubmit((body) => {
    if (!save.isPending) save.mutate({ id: provider?.id, body }, { onSuccess: onSaved });
  });

  return (
    <DialogForm
      onSubmit={submit}
      {...mutationState(save)}
      label={provider ? 'Save identity provider' : 'Add identity provider'}
      pendingLabel="Checking the provider…"
    >
      <TextField
        id="sso-name"
        label="Name"
        hint="What staff and admins call it, such as “Riverside Entra ID”."
        error={errors.name?.message}
        autoComplete="off"
        {...register('name')}
      />
      <TextField
        id="sso-issuer"
        label="Issuer URL"
        hint="The address before /.well-known/openid-configuration; it is checked when you save."
        error={errors.issuer?.message}
        type="url"
        autoComplete="off"
        placeholder="https://login.microsoftonline.com/…/v2.0"
        {...register('issuer')}
      />
      <TextField
        id="sso-client-id"
        label="Client ID"
        error={errors.clientId?.message}
        autoComplete="off"
        {...register('clientId')}
      />
      <TextField
        id="sso-client-secret"
        label="Client secret"
        hint={
          provider
            ? 'A secret is set. Leave this empty to keep it, or enter a new one.'
            : 'It is stored encrypted and never shown again.'
        }
        error={errors.clientSecret?.message}
        type="password"
        autoComplete="new-password"
        {...register('clientSecret')}
      />
      <ClinicCheckboxesField
        id="sso-clinics"
        control={control}
        clinics={clinics}
        error={errors.clinicIds?.message}
      />
      <TextField
        id="sso-domains"
        label="E-mail domains"
        hint="Staff with addresses at these domains are sent to this provider, separated by commas."
        error={errors.emailDomains?.message}
        autoComplete="off"
        placeholder="riverside-clinic.org"
        {...register('emailDomains')}
      />
      <GroupMappingsField
        control={control}
        clinics={clinics}
        error={errors.groupMappings?.message ?? errors.groupMappings?.root?.message}
      />
      <div className="grid gap-3 text-sm">
        {OPTIONS.map((option) => (
          <label key={option.name} className="flex items-start gap-2">
            <Checkbox className="mt-0.5" {...register(option.name)} />
            <span>
              {option.label}
              <span className="block text-xs text-muted-foreground">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </DialogForm>
  );
}

/** Adds or edits an identity provider; the secret is never shown, only replaced. */
export function ProviderDialog({
  open,
  provider,
  clinics,
  onOpenChange,
}: {
  open: boolean;
  /** null to add one. */
  provider: IdentityProviderView | null;
  clinics: readonly ClinicSummary[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      title={provider ? 'Edit identity provider' : 'Add identity provider'}
      description="An OpenID Connect provider (Entra ID, Okta, Google Workspace, Keycloak…) your staff sign in through."
    >
      <ProviderForm
        key={provider?.id ?? 'new'}
        provider={provider}
        clinics={clinics}
        onSaved={() => onOpenChange(false)}
      />
    </TitledDialog>
  );
}
