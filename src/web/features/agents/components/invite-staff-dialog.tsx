import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ROLES, type Role } from '@domain/roles';
import { ClinicCheckboxesField, preselectedClinicIds } from '@web/components/clinic-checkboxes';
import { DialogForm, mutationState, SubjectDialog } from '@web/components/dialog-frame';
import { OptionsSelect } from '@web/components/options-select';
import { FormField, TextField, fieldDescription } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ROLE_LABELS, useSession } from '@web/lib/session';
import { useInviteStaff } from '../api/invitations';
import { inviteFormSchema } from '../utils/invite-form';

function InviteForm({ onDone }: { onDone: () => void }) {
  const { user } = useSession();
  const clinics = user?.clinics ?? [];
  const invite = useInviteStaff();
  const form = useForm({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: {
      name: '',
      email: '',
      role: 'staff' as Role,
      clinicIds: preselectedClinicIds(clinics),
    },
  });
  const { errors } = form.formState;
  return (
    <DialogForm
      onSubmit={form.handleSubmit((body) => {
        if (invite.isPending) return;
        invite.mutate(body, {
          onSuccess: (invitation) => {
            toast.success(`Invitation sent to ${invitation.email}`);
            onDone();
          },
        });
      })}
      {...mutationState(invite)}
      label="Send invitation"
      pendingLabel="Sending..."
    >
      <div className="grid gap-4">
        <TextField
          id="invite-name"
          label="Name"
          error={errors.name?.message}
          autoComplete="off"
          {...form.register('name')}
        />
        <FormField id="invite-email" label="Email" error={errors.email?.message}>
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            {...form.register('email')}
            {...fieldDescription('invite-email', { error: errors.email?.message })}
          />
        </FormField>
        <FormField id="invite-role" label="Role">
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <OptionsSelect
                id="invite-role"
                ref={field.ref}
                value={field.value}
                onChange={(role) => field.onChange(role as Role)}
                onBlur={field.onBlur}
                options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              />
            )}
          />
        </FormField>
        <ClinicCheckboxesField
          id="invite-clinics"
          control={form.control}
          clinics={clinics}
          error={errors.clinicIds?.message}
        />
      </div>
    </DialogForm>
  );
}

/** Invites a new staff member by e-mail: they choose their own password by the link. */
export function InviteStaffDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <SubjectDialog
      subject={open ? 'invite' : null}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      title={() => 'Invite staff member'}
      description={() =>
        'They get an e-mail with a link, valid for 7 days, to choose their own password. You never see it.'
      }
    >
      {(_, close) => <InviteForm onDone={close} />}
    </SubjectDialog>
  );
}
