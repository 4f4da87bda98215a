import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '@contracts/admin';
import { PASSWORD_MIN_LENGTH } from '@contracts/auth';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useResetAgentPassword } from '../api/reset-agent-password';
import { validatePassword } from '../utils/agent-form';
import { fieldDescription, FormField } from './form-field';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';

function ResetPasswordForm({ agent, onDone }: { agent: AdminUser; onDone: () => void }) {
  const reset = useResetAgentPassword();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? validatePassword(password) : undefined;
  const hint = `At least ${PASSWORD_MIN_LENGTH} characters. Give it to them privately.`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (reset.isPending || validatePassword(password)) return;
    reset.mutate(
      { id: agent.id, body: { password } },
      {
        onSuccess: () => {
          toast.success(`Password reset for ${agent.name}`);
          onDone();
        },
      },
    );
  }

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <FormField id="reset-password" label="New password" hint={hint} error={error}>
        <PasswordInput
          id="reset-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...fieldDescription('reset-password', { error, hint })}
        />
      </FormField>
      <FormError message={reset.error?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset password'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Sets a new password for someone; the server ends their sessions and lifts any sign-in throttle. */
export function ResetPasswordDialog({
  agent,
  onOpenChange,
}: {
  agent: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={agent !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Reset password{agent ? ` for ${agent.name}` : ''}</DialogTitle>
          <DialogDescription>
            They are signed out everywhere and sign in again with the new password.
          </DialogDescription>
        </DialogHeader>
        {agent && <ResetPasswordForm agent={agent} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
