import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PlusIcon, ServerIcon } from 'lucide-react';
import { formatDate, formatTime } from '@domain/format';
import type { ClinicSummary } from '@contracts/auth';
import type { SmartClientView } from '@contracts/integrations';
import { ClinicCheckboxesField, preselectedClinicIds } from '@web/components/clinic-checkboxes';
import {
  DialogActions,
  DialogForm,
  mutationState,
  SubjectDialog,
  TitledDialog,
} from '@web/components/dialog-frame';
import { SharedWithOthersNote } from '@web/components/integration-sharing';
import { ListTable } from '@web/components/list-table';
import { LoadingBlock } from '@web/components/loading-block';
import { QueryStates, TableCard, TableEmpty } from '@web/components/table-states';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormField, TextField, fieldDescription } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { TableCell, TableRow } from '@web/components/ui/table';
import { Textarea } from '@web/components/ui/textarea';
import { SectionHeading } from '@web/components/section-heading';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useSession } from '@web/lib/session';
import {
  smartClientsQueryOptions,
  useCreateSmartClient,
  useRevokeSmartClient,
} from '../api/smart-clients';
import {
  smartClientFormSchema,
  type SmartClientFormOutput,
  type SmartClientFormValues,
} from '../utils/smart-client-form';

const when = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

const SCOPES_HINT =
  'One per line: system/Appointment.rs reads and searches appointments, system/Patient.cruds ' +
  'also adds and changes patients, system/*.rs reads everything. A token gets at most these.';

function RegisterForm({
  clinics,
  onDone,
}: {
  clinics: readonly ClinicSummary[];
  onDone: (client: SmartClientView) => void;
}) {
  const create = useCreateSmartClient();
  const { register, control, handleSubmit, formState, watch } = useForm<
    SmartClientFormValues,
    unknown,
    SmartClientFormOutput
  >({
    resolver: zodResolver(smartClientFormSchema),
    defaultValues: {
      name: '',
      clinicIds: preselectedClinicIds(clinics),
      scopes: 'system/Appointment.rs\nsystem/Patient.rs',
      keys: 'jwks',
      jwks: '',
      jwksUrl: '',
    },
  });
  const { errors } = formState;
  const keys = watch('keys');
  const submit = handleSubmit((body) => {
    if (!create.isPending) create.mutate(body, { onSuccess: onDone });
  });
  return (
    <DialogForm
      onSubmit={submit}
      {...mutationState(create)}
      label="Register client"
      pendingLabel="Registering..."
    >
      <TextField
        id="smart-name"
        label="Name"
        hint="The system that connects: “Riverside EHR”."
        error={errors.name?.message}
        autoComplete="off"
        {...register('name')}
      />
      <ClinicCheckboxesField
        id="smart-clinics"
        control={control}
        clinics={clinics}
        error={errors.clinicIds?.message}
      />
      <FormField id="smart-scopes" label="Scopes" hint={SCOPES_HINT} error={errors.scopes?.message}>
        <Textarea
          id="smart-scopes"
          rows={3}
          spellCheck={false}
          className="font-mono"
          {...register('scopes')}
          {...fieldDescription('smart-scopes', {
            error: errors.scopes?.message,
            hint: SCOPES_HINT,
          })}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">Public keys</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            value="jwks"
            className="size-4 accent-primary"
            {...register('keys')}
          />
          Paste the JWKS
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            value="jwksUrl"
            className="size-4 accent-primary"
            {...register('keys')}
          />
          Read it from the client’s JWKS URL
        </label>
      </fieldset>
      {keys === 'jwks' ? (
        <FormField
          id="smart-jwks"
          label="JWKS"
          hint="The client’s public keys (RS384 or ES384), each with its kid."
          error={errors.jwks?.message}
        >
          <Textarea
            id="smart-jwks"
            rows={5}
            spellCheck={false}
            className="font-mono text-xs"
            placeholder='{"keys": [{"kty": "EC", "kid": "...", ...}]}'
            {...register('jwks')}
            {...fieldDescription('smart-jwks', { error: errors.jwks?.message })}
          />
        </FormField>
      ) : (
        <TextField
          id="smart-jwks-url"
          label="JWKS URL"
          hint="Read when the client asks for a token, and again a few minutes later."
          error={errors.jwksUrl?.message}
          type="url"
          autoComplete="off"
          {...register('jwksUrl')}
        />
      )}
    </DialogForm>
  );
}

function RevokeClientDialog({
  client,
  onOpenChange,
}: {
  client: SmartClientView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const revoke = useRevokeSmartClient();
  return (
    <SubjectDialog
      subject={client}
      onOpenChange={onOpenChange}
      confirmation
      title={(shown) => `Revoke ${shown.name}?`}
      description={() =>
        'It gets no more access tokens, and the ones it holds stop working at once. This cannot be undone; register it again to give access again.'
      }
    >
      {(shown) => (
        <DialogActions
          {...mutationState(revoke)}
          label="Revoke client"
          pendingLabel="Revoking..."
          destructive
          onConfirm={() => {
            if (revoke.isPending) return;
            revoke.mutate(shown.id, {
              onSuccess: (revoked) => {
                toast.success(`${revoked.name} was revoked`);
                onOpenChange(false);
              },
            });
          }}
        />
      )}
    </SubjectDialog>
  );
}

/** /admin/integrations' SMART Backend Services clients (ADR 059): register, see, revoke. */
export function SmartClientsSection() {
  const { user } = useSession();
  const timeZone = useViewerTimeZone();
  const clients = useQuery(smartClientsQueryOptions);
  const [registering, setRegistering] = useState(false);
  const [registered, setRegistered] = useState<SmartClientView | null>(null);
  const [revoking, setRevoking] = useState<SmartClientView | null>(null);
  const closeRegister = (open: boolean) => {
    if (!open) setRegistered(null);
    setRegistering(open);
  };

  return (
    <section aria-labelledby="smart-clients-title" className="mt-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <SectionHeading id="smart-clients-title" title="SMART Backend Services">
          A health record system connects server to server: it signs a request with its private key
          and gets a 5-minute access token for the scopes and clinics you register.
        </SectionHeading>
        <Button onClick={() => setRegistering(true)}>
          <PlusIcon aria-hidden="true" />
          Register client
        </Button>
      </div>
      <TableCard busy={clients.isFetching}>
        <QueryStates
          query={clients}
          loading={
            <LoadingBlock label="Loading SMART clients…" announce={false} className="space-y-3 p-4">
              <Skeleton className="h-10 w-full" />
            </LoadingBlock>
          }
          isEmpty={(page) => page.data.length === 0}
          empty={<TableEmpty icon={ServerIcon} message="No SMART clients yet." />}
        >
          {(page) => (
            <ListTable
              caption="SMART clients, newest first"
              className="[&_td]:px-4 [&_td]:align-top [&_th]:px-4"
              columns={['Name', 'Client ID', 'Clinics', 'Scopes', 'Last token']}
            >
              {page.data.map((client) => (
                <TableRow key={client.id}>
                  <TableCell>
                    <div className="font-medium">{client.name}</div>
                    {client.revokedAt && (
                      <Badge variant="destructive" className="mt-1">
                        Revoked {formatDate(client.revokedAt, timeZone)}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="font-mono text-xs break-all">{client.clientId}</TableCell>
                  <TableCell>
                    <ul className="space-y-0.5">
                      {client.clinics.map((c) => (
                        <li key={c.id}>{c.name}</li>
                      ))}
                      {client.otherClinics > 0 && <li>{client.otherClinics} other</li>}
                    </ul>
                  </TableCell>
                  <TableCell>
                    <ul className="space-y-0.5 font-mono text-xs">
                      {client.scopes.map((scope) => (
                        <li key={scope}>{scope}</li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {client.lastUsedAt ? (
                      when(client.lastUsedAt, timeZone)
                    ) : (
                      <span className="text-muted-foreground">Never</span>
                    )}
                  </TableCell>
                  <TableCell className="text-right">
                    {!client.revokedAt && !client.canManage && <SharedWithOthersNote />}
                    {!client.revokedAt && client.canManage && (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setRevoking(client)}
                        aria-label={`Revoke ${client.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          )}
        </QueryStates>
      </TableCard>
      <TitledDialog
        open={registering}
        onOpenChange={closeRegister}
        className="sm:max-w-lg"
        title={registered ? 'Client registered' : 'Register SMART client'}
        description={
          registered
            ? 'Give the system this client_id: it signs its assertions with it as iss and sub, and sends them to the token endpoint in /.well-known/smart-configuration.'
            : 'The system proves who it is with a key of its JWKS; nothing secret is stored here.'
        }
      >
        {registered ? (
          <div className="grid gap-4">
            <code className="rounded-md border bg-muted p-3 font-mono text-sm break-all">
              {registered.clientId}
            </code>
            <Button onClick={() => closeRegister(false)}>Done</Button>
          </div>
        ) : (
          <RegisterForm clinics={user?.clinics ?? []} onDone={setRegistered} />
        )}
      </TitledDialog>
      <RevokeClientDialog client={revoking} onOpenChange={(open) => !open && setRevoking(null)} />
    </section>
  );
}
