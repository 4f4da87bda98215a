import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { forgotPasswordBody } from '@contracts/accounts';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { worded } from '@web/lib/form-schema';
import { useRequestPasswordReset } from '../api/account-links';
import { AuthCard } from './auth-card';

const forgotForm = z.object({
  email: worded(forgotPasswordBody.shape.email, () => 'Enter the e-mail address you sign in with.'),
});

/** /auth/forgot: asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const request = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(forgotForm),
    defaultValues: { email: searchParams.get('email') ?? '' },
  });
  const problem = formState.errors.email?.message ?? request.error?.message;

  return (
    <AuthCard title="Forgot your password?" description="We e-mail you a link to choose a new one.">
      {request.isSuccess ? (
        <p role="status" className="text-sm">
          {request.data.message}
        </p>
      ) : (
        <form
          className="grid gap-4"
          noValidate
          onSubmit={handleSubmit((body) => !request.isPending && request.mutate(body))}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              {...register('email')}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send me a link'}
          </Button>
        </form>
      )}
      <Link to="/auth/login" className="text-center text-sm underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </AuthCard>
  );
}
