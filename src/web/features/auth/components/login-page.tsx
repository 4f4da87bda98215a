import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SignInResponse } from '@contracts/auth';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSession } from '@web/lib/session';
import { signInStepQuery } from '../api/two-step-sign-in';
import { safeNextPath } from '../utils/next-path';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { PasskeySignIn } from './passkey-sign-in';
import { SsoSignIn } from './sso-sign-in';

// Only after a right password, and only for accounts with a second factor: a chunk of its own,
// so the form comes first (ADR 064).
const SignInSecondStep = lazy(() =>
  import('./sign-in-second-step').then((m) => ({ default: m.SignInSecondStep })),
);

function CheckingSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-5">
      <span className="sr-only">Checking your sign-in…</span>
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/** /auth/login, outside the signed-in shell. Afterwards the user returns to `next`. */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  // After a right password, what the sign-in still needs (ADR 046); and why it started over.
  const [secondStep, setSecondStep] = useState<SignInResponse | null>(null);
  const [notice, setNotice] = useState<string>();
  const signedIn = () => void navigate(next, { replace: true });
  // Back from the identity provider owing our second factor (ADR 048): the step it left.
  const continuing = searchParams.has('continue') && session.status !== 'signed-in';
  const step = useQuery({ ...signInStepQuery(), enabled: continuing });
  const [startedOver, setStartedOver] = useState(false);
  const providerStep =
    continuing && !startedOver && step.data && step.data.stage !== 'full'
      ? { next: step.data.stage, methods: step.data.methods, user: { email: step.data.email } }
      : null;

  if (session.status === 'signed-in') return <Navigate to={next} replace />;

  return (
    <AuthCard
      title="Sign in to Carebook"
      description="Use your clinic staff account."
      contentClassName="px-8"
    >
      {session.status === 'pending' || (continuing && step.isPending) ? (
        <CheckingSkeleton />
      ) : secondStep || providerStep ? (
        <Suspense fallback={<CheckingSkeleton />}>
          <SignInSecondStep
            answer={(secondStep ?? providerStep)!}
            onSignedIn={signedIn}
            onStartOver={(message) => {
              setSecondStep(null);
              setStartedOver(true);
              setNotice(message);
            }}
          />
        </Suspense>
      ) : (
        <>
          <LoginForm
            onSignedIn={signedIn}
            onSecondStep={(answer) => {
              setNotice(undefined);
              setSecondStep(answer);
            }}
            notice={notice}
          />
          <Link
            to="/auth/forgot"
            className="mt-5 block text-center text-sm underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
          <PasskeySignIn onSignedIn={signedIn} />
          <SsoSignIn next={next} />
        </>
      )}
    </AuthCard>
  );
}
