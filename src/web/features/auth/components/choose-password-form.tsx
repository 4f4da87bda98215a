import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { newPasswordField, PASSWORD_MIN_LENGTH } from '@contracts/auth';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { worded } from '@web/lib/form-schema';

/** The contract's password rule in the form's words, and the confirmation a person expects. */
const choosePasswordForm = z
  .object({
    password: worded(newPasswordField, (issue) =>
      issue.code === 'too_big'
        ? `The password must be at most ${issue.maximum} characters.`
        : `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    ),
    confirm: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.confirm !== values.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirm'],
        message: 'The two passwords do not match.',
      });
    }
  });

/**
 * A new password, typed twice. The server judges it by the password policy (the account's own
 * details, lists of common passwords) and its refusal shows here as `error`.
 */
export function ChoosePasswordForm({
  email,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  /** The account's e-mail, for password managers to file the new password under. */
  email: string;
  submitLabel: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (password: string) => void;
}) {
  const id = useId();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(choosePasswordForm),
    defaultValues: { password: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });
  const problem = formState.errors.password?.message ?? formState.errors.confirm?.message ?? error;
  const described = problem
    ? ({ 'aria-invalid': true, 'aria-describedby': `${id}-problem` } as const)
    : {};
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={handleSubmit(({ password }) => !pending && onSubmit(password))}
    >
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>New password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...register('password')}
          {...described}
        />
        <p className="text-xs text-muted-foreground">
          At least {PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-confirm`}>Confirm new password</Label>
        <Input
          id={`${id}-confirm`}
          type="password"
          autoComplete="new-password"
          {...register('confirm')}
          {...described}
        />
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
