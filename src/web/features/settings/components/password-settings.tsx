import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { changePasswordBody, PASSWORD_MIN_LENGTH } from '@contracts/auth';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { worded } from '@web/lib/form-schema';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';

const { shape } = changePasswordBody;

/** changePasswordBody's rules in the form's words, and the two a person expects besides. */
const passwordForm = z
  .object({
    currentPassword: worded(shape.currentPassword, (issue) =>
      issue.code === 'too_big'
        ? `The current password must be at most ${issue.maximum} characters.`
        : 'Enter your current password.',
    ),
    newPassword: worded(shape.newPassword, (issue) =>
      issue.code === 'too_big'
        ? `The new password must be at most ${issue.maximum} characters.`
        : `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    ),
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.newPassword === values.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: 'Choose a password different from the current one.',
      });
    } else if (values.confirmPassword !== values.newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: 'The two new passwords do not match.',
      });
    }
  });

type Field = keyof z.input<typeof passwordForm>;
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: Array<{ name: Field; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

export function PasswordSettings() {
  const id = useId();
  const change = useChangePassword();
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(passwordForm),
    defaultValues: EMPTY,
    // One problem at a time, as the form says it: the next one shows at the next attempt.
    reValidateMode: 'onSubmit',
  });
  // The first field with a problem, in the order they are filled in; else the server's refusal.
  const invalid = FIELDS.find(({ name }) => formState.errors[name])?.name;
  const problem = invalid ? formState.errors[invalid]?.message : change.error?.message;

  const submit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast.success('Password changed. Your other devices were signed out.');
        },
      },
    ),
  );

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
              {...register(name)}
              aria-invalid={invalid === name || undefined}
              aria-describedby={invalid === name ? `${id}-problem` : undefined}
            />
          </div>
        ))}
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
