import type { SignInResponse } from '@contracts/auth';
import { Button } from '@web/components/ui/button';
import { EnrolStep } from './enrol-step';
import { PasskeySecondFactor } from './passkey-second-factor';
import { SecondFactorStep } from './second-factor-step';

/**
 * What follows a right password when the sign-in is not whole yet (ADR 046): the second factor,
 * or setting one up; a user with a passkey may give it instead of a code.
 */
export function SignInSecondStep({
  answer,
  onSignedIn,
  onStartOver,
}: {
  /** What comes next and how; the password sign-in's answer, or the step a provider's left. */
  answer: Pick<SignInResponse, 'next' | 'methods'> & { user: { email: string } };
  onSignedIn: () => void;
  /** Back to the password, with why when the sign-in ended. */
  onStartOver: (message?: string) => void;
}) {
  return (
    <div className="grid gap-4">
      {answer.next === 'enrol' ? (
        <EnrolStep email={answer.user.email} onSignedIn={onSignedIn} />
      ) : (
        <SecondFactorStep
          methods={answer.methods ?? []}
          onSignedIn={onSignedIn}
          onStartOver={onStartOver}
          otherMethods={
            answer.methods?.includes('passkey') ? (
              <PasskeySecondFactor onSignedIn={onSignedIn} />
            ) : undefined
          }
        />
      )}
      <Button
        type="button"
        variant="ghost"
        className="justify-self-center text-muted-foreground"
        onClick={() => onStartOver()}
      >
        Sign in as someone else
      </Button>
    </div>
  );
}
