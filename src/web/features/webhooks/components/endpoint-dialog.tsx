import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ClinicSummary } from '@contracts/auth';
import { WEBHOOK_EVENTS, type WebhookEndpointView } from '@contracts/webhooks';
import { ClinicCheckboxesField, preselectedClinicIds } from '@web/components/clinic-checkboxes';
import { SharedWithOthersNote, VisitLinksCheckbox } from '@web/components/integration-sharing';
import { Button } from '@web/components/ui/button';
import { DialogForm, mutationState, TitledDialog } from '@web/components/dialog-frame';
import { CopyField } from '@web/components/copy-field';
import { DialogClose, DialogFooter } from '@web/components/ui/dialog';
import { FieldError, TextField } from '@web/components/ui/form-field';
import { useSaveWebhookEndpoint } from '../api/webhooks';
import {
  endpointFormSchema,
  EVENT_LABELS,
  type EndpointFormOutput,
  type EndpointFormValues,
} from '../utils/endpoint-form';
import { Checkbox } from '@web/components/ui/checkbox';

const URL_HINT = 'Carebook POSTs each event here as JSON, signed as Standard Webhooks says.';

/** The key the receiver verifies signatures with, to copy into its configuration. */
export function SigningSecret({ secret }: { secret: string }) {
  return (
    <CopyField
      id="webhook-secret"
      label="Signing secret"
      value={secret}
      copyLabel="Copy"
      messages={{
        copied: 'Signing secret copied to clipboard',
        failed: 'Failed to copy the secret: select it and copy it by hand.',
      }}
    >
      <p className="text-sm text-muted-foreground">
        Verify the <code>webhook-signature</code> header with any Standard Webhooks library.
      </p>
    </CopyField>
  );
}

function EndpointForm({
  endpoint,
  clinics,
  onSaved,
}: {
  endpoint: WebhookEndpointView | null;
  clinics: readonly ClinicSummary[];
  onSaved: (saved: WebhookEndpointView) => void;
}) {
  const save = useSaveWebhookEndpoint();
  const { register, control, handleSubmit, formState } = useForm<
    EndpointFormValues,
    unknown,
    EndpointFormOutput
  >({
    resolver: zodResolver(endpointFormSchema),
    defaultValues: endpoint
      ? {
          url: endpoint.url,
          description: endpoint.description,
          events: [...endpoint.events],
          clinicIds: endpoint.clinics.map((c) => c.id),
          enabled: endpoint.enabled,
          visitLinks: endpoint.visitLinks,
        }
      : {
          url: '',
          description: '',
          events: [...WEBHOOK_EVENTS],
          clinicIds: preselectedClinicIds(clinics),
          enabled: true,
          visitLinks: false,
        },
  });
  const { errors } = formState;
  const submit = handleSubmit((body) => {
    if (!save.isPending) save.mutate({ id: endpoint?.id, body }, { onSuccess: onSaved });
  });

  return (
    <DialogForm
      onSubmit={submit}
      {...mutationState(save)}
      label={endpoint ? 'Save endpoint' : 'Add endpoint'}
      pendingLabel="Saving..."
    >
      <TextField
        id="webhook-url"
        label="URL"
        hint={URL_HINT}
        error={errors.url?.message}
        type="url"
        autoComplete="off"
        placeholder="https://billing.example.com/carebook"
        {...register('url')}
      />
      <TextField
        id="webhook-description"
        label="Description"
        error={errors.description?.message}
        autoComplete="off"
        {...register('description')}
      />
      <Controller
        control={control}
        name="events"
        render={({ field }) => (
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.events ? 'webhook-events-error' : undefined}
          >
            <legend className="mb-2 text-sm leading-none font-medium">Events</legend>
            <div className="grid gap-1 rounded-md border p-1 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event, index) => (
                <label
                  key={event}
                  className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring/40"
                >
                  <Checkbox
                    ref={index === 0 ? field.ref : undefined}
                    checked={field.value.includes(event)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked
                          ? [...field.value, event]
                          : field.value.filter((other) => other !== event),
                      )
                    }
                  />
                  <span>{EVENT_LABELS[event]}</span>
                </label>
              ))}
            </div>
            <FieldError id="webhook-events-error" message={errors.events?.message} />
          </fieldset>
        )}
      />
      <ClinicCheckboxesField
        id="webhook-clinics"
        control={control}
        clinics={clinics}
        error={errors.clinicIds?.message}
      />
      <label className="flex items-center gap-2 text-sm">
        <Checkbox {...register('enabled')} />
        Enabled
      </label>
      <VisitLinksCheckbox
        id="webhook-visit-links"
        hint="Include the patient’s visit token in each appointment event."
        {...register('visitLinks')}
      />
    </DialogForm>
  );
}

/** An endpoint that also serves clinics the admin does not administer: what it is, read-only. */
function SharedEndpoint({ endpoint }: { endpoint: WebhookEndpointView }) {
  return (
    <div className="grid gap-3 text-sm">
      <SharedWithOthersNote />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium">URL</dt>
        <dd className="font-mono text-xs break-all">{endpoint.url}</dd>
        <dt className="font-medium">Events</dt>
        <dd>{endpoint.events.map((e) => EVENT_LABELS[e]).join(', ')}</dd>
        <dt className="font-medium">Your clinics</dt>
        <dd>{endpoint.clinics.map((c) => c.name).join(', ')}</dd>
        <dt className="font-medium">Visit links</dt>
        <dd>{endpoint.visitLinks ? 'Included' : 'Not included'}</dd>
      </dl>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}

/**
 * Adds or edits an endpoint. A new endpoint's signing secret is shown once it exists; it can be
 * shown again from the edit dialog, since signing needs it kept as it is. An endpoint shared with
 * clinics the admin does not administer is shown read-only, without its secret.
 */
export function EndpointDialog({
  open,
  endpoint,
  clinics,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  /** null to add one. */
  endpoint: WebhookEndpointView | null;
  clinics: readonly ClinicSummary[];
  onOpenChange: (open: boolean) => void;
  onSaved: (saved: WebhookEndpointView) => void;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
      title={
        !endpoint
          ? 'Add webhook endpoint'
          : endpoint.canManage
            ? 'Edit webhook endpoint'
            : 'Webhook endpoint'
      }
      description="Another system (billing, messaging, analytics) is told of each appointment change in the clinics you choose."
    >
      {endpoint && !endpoint.canManage ? (
        <SharedEndpoint endpoint={endpoint} />
      ) : (
        <>
          {endpoint?.secret && <SigningSecret secret={endpoint.secret} />}
          <EndpointForm
            key={endpoint?.id ?? 'new'}
            endpoint={endpoint}
            clinics={clinics}
            onSaved={onSaved}
          />
        </>
      )}
    </TitledDialog>
  );
}
