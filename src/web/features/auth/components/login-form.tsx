import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useSignIn } from '../api/sign-in';

const ERROR_ID = 'sign-in-error';

/** Email and password; the server's message shows inline, the same for any wrong combination. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const error = signIn.error;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: onSignedIn,
        onError: () => {
          // Keep the email, which is usually right, and let the user retype the password at once.
          setPassword('');
          passwordRef.current?.focus();
        },
      },
    );
  }

  return (
    <form className="grid gap-5" onSubmit={submit}>
      <div className="grid gap-2">
        <Label htmlFor="sign-in-email">Email</Label>
        <Input
          id="sign-in-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          // The page exists to sign in: the first field is where the user starts.
          autoFocus
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="sign-in-password">Password</Label>
        <Input
          ref={passwordRef}
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
        />
      </div>
      {error && (
        // Keyed on the attempt so a repeated message is announced again.
        <p
          key={signIn.submittedAt}
          id={ERROR_ID}
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {error.message}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
