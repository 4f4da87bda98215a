import { useSearchParams } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import type { SignInResponse } from '@contracts/auth';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useSignIn } from '../api/sign-in';

const ERROR_ID = 'sign-in-error';

/**
 * The contract's checks, fetched when the form is first checked rather than with the page: zod
 * and the contracts' schemas are two fifths of the sign-in page's code, and a phone should not
 * wait for them to see the form (ADR 064).
 */
const resolver: Resolver<{ email: string; password: string }> = async (values, context, options) =>
  (await import('./login-form-rules')).loginFormResolver(values, context, options);

/** Email and password; the server's message shows inline, the same for any wrong combination. */
export function LoginForm({
  onSignedIn,
  onSecondStep,
  notice,
}: {
  onSignedIn: () => void;
  /** The password was right and a second factor is owed (ADR 046). */
  onSecondStep?: (answer: SignInResponse) => void;
  /** Why the user is back here (their sign-in ended part-way). */
  notice?: string | undefined;
}) {
  const signIn = useSignIn();
  // An invitation just taken up, or a password just reset, sends the person here with their e-mail.
  const [searchParams] = useSearchParams();
  const { register, handleSubmit, setValue, setFocus, formState } = useForm({
    resolver,
    defaultValues: { email: searchParams.get('email') ?? '', password: '' },
  });
  const { errors } = formState;
  const message =
    errors.email?.message ?? errors.password?.message ?? signIn.error?.message ?? notice;

  const submit = handleSubmit((body) => {
    if (signIn.isPending) return;
    signIn.mutate(body, {
      onSuccess: (answer) => (answer.next && onSecondStep ? onSecondStep(answer) : onSignedIn()),
      onError: () => {
        // Keep the email, which is usually right, and let the user retype the password at once.
        setValue('password', '');
        setFocus('password');
      },
    });
  });

  const described = {
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? ERROR_ID : undefined,
  } as const;
  return (
    <form className="grid gap-5" onSubmit={submit}>
      <div className="grid gap-2">
        <Label htmlFor="sign-in-email">Email</Label>
        <Input
          id="sign-in-email"
          type="email"
          inputMode="email"
          // "webauthn": the browser also offers this site's passkeys here (PasskeySignIn).
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          // The page exists to sign in: the first field is where the user starts.
          autoFocus
          required
          {...register('email')}
          {...described}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="sign-in-password">Password</Label>
        <Input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          required
          {...register('password')}
          {...described}
        />
      </div>
      {/* Keyed on the attempt so a repeated message is announced again. */}
      <FormError key={formState.submitCount} id={ERROR_ID} message={message} />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
