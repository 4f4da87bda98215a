import { Link, useSearchParams } from 'react-router';
import { RESET_LINK_DEAD } from '@contracts/accounts';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useChoosePassword, useResetLink } from '../api/account-links';
import { AuthCard } from './auth-card';
import { ChoosePasswordForm } from './choose-password-form';
import { DeadLink } from './dead-link';

/** /auth/reset?token=…: the link of a reset e-mail, where the new password is chosen. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <ResetWithLink token={token} />
      ) : (
        <DeadLink message={RESET_LINK_DEAD} action="forgot" />
      )}
    </AuthCard>
  );
}

function ResetWithLink({ token }: { token: string }) {
  const link = useResetLink(token);
  const choose = useChoosePassword('reset');
  if (choose.isSuccess) {
    return (
      <>
        <p role="status" className="text-sm">
          Your password is changed, and you were signed out everywhere. Sign in with your new
          password.
        </p>
        <Button asChild className="w-full">
          <Link to={`/auth/login?email=${encodeURIComponent(choose.data.email)}`}>Sign in</Link>
        </Button>
      </>
    );
  }
  if (link.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4">
        <span className="sr-only">Checking your link…</span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (link.isError) return <DeadLink message={link.error.message} action="forgot" />;
  return (
    <>
      <p className="text-sm text-muted-foreground">
        For <span className="font-medium text-foreground">{link.data.email}</span>. Choosing it
        signs you out everywhere.
      </p>
      <ChoosePasswordForm
        email={link.data.email}
        submitLabel="Save new password"
        pending={choose.isPending}
        error={choose.error?.message}
        onSubmit={(password) => choose.mutate({ token, password })}
      />
    </>
  );
}
