import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PASSWORD_MIN_LENGTH } from '@contracts/auth';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Field = keyof typeof EMPTY;

/** What is wrong with the form before asking the server, or null. */
export function passwordFormProblem(
  values: typeof EMPTY,
): { field: Field; message: string } | null {
  if (!values.currentPassword)
    return { field: 'currentPassword', message: 'Enter your current password.' };
  if (values.newPassword.length < PASSWORD_MIN_LENGTH)
    return {
      field: 'newPassword',
      message: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    };
  if (values.newPassword === values.currentPassword)
    return { field: 'newPassword', message: 'Choose a password different from the current one.' };
  if (values.confirmPassword !== values.newPassword)
    return { field: 'confirmPassword', message: 'The two new passwords do not match.' };
  return null;
}

const FIELDS: Array<{ name: Field; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

export function PasswordSettings() {
  const id = useId();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = passwordFormProblem(values);
    if (found) return setProblem(found);
    setProblem(null);
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          toast.success('Password changed. Your other devices were signed out.');
        },
        onError: (error) => setProblem({ field: null, message: error.message }),
      },
    );
  }

  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing your password signs you out on all your other devices. This one stays signed in."
    >
      <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
        {FIELDS.map(({ name, label, autoComplete }) => (
          <div key={name} className="grid gap-1.5">
            <Label htmlFor={`${id}-${name}`}>{label}</Label>
            <Input
              id={`${id}-${name}`}
              type="password"
              autoComplete={autoComplete}
              value={values[name]}
              aria-invalid={problem?.field === name || undefined}
              aria-describedby={problem?.field === name ? `${id}-problem` : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            />
          </div>
        ))}
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem.message}
          </p>
        )}
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
