import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { AdminUser } from '@contracts/admin';
import { PASSWORD_MIN_LENGTH } from '@contracts/auth';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { useResetAgentPassword } from '../api/reset-agent-password';
import { resetPasswordFormSchema } from '../utils/agent-form';
import { DialogForm, mutationState, SubjectDialog } from '@web/components/dialog-frame';
import type { AgentDialogProps } from './agent-dialog';
import { PasswordInput } from './password-input';

const HINT = `At least ${PASSWORD_MIN_LENGTH} characters. Give it to them privately.`;

function ResetPasswordForm({ agent, onDone }: { agent: AdminUser; onDone: () => void }) {
  const reset = useResetAgentPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '' },
  });
  const error = form.formState.errors.password?.message;

  return (
    <DialogForm
      onSubmit={form.handleSubmit((body) => {
        if (reset.isPending) return;
        reset.mutate(
          { id: agent.id, body },
          {
            onSuccess: () => {
              toast.success(`Password reset for ${agent.name}`);
              onDone();
            },
          },
        );
      })}
      {...mutationState(reset)}
      label="Reset password"
      pendingLabel="Resetting..."
    >
      <FormField id="reset-password" label="New password" hint={HINT} error={error}>
        <PasswordInput
          id="reset-password"
          {...form.register('password')}
          {...fieldDescription('reset-password', { error, hint: HINT })}
        />
      </FormField>
    </DialogForm>
  );
}

/** Sets a new password for someone; the server ends their sessions and lifts any sign-in throttle. */
export function ResetPasswordDialog({ agent, onOpenChange }: AgentDialogProps) {
  return (
    <SubjectDialog
      subject={agent}
      onOpenChange={onOpenChange}
      title={(agent) => `Reset password for ${agent.name}`}
      description={() => 'They are signed out everywhere and sign in again with the new password.'}
    >
      {(agent, close) => <ResetPasswordForm agent={agent} onDone={close} />}
    </SubjectDialog>
  );
}
