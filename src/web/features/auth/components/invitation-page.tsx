import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { INVITATION_LINK_DEAD } from '@contracts/accounts';
import { Skeleton } from '@web/components/ui/skeleton';
import { ROLE_LABELS } from '@web/lib/session';
import { useChoosePassword, useInvitationLink } from '../api/account-links';
import { AuthCard } from './auth-card';
import { ChoosePasswordForm } from './choose-password-form';
import { DeadLink } from './dead-link';

/**
 * /auth/invitation?token=…: an invited staff member sees who invited them and chooses their own
 * password; the account is made then, and they go on to sign in with their e-mail filled in.
 */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthCard title="Welcome to Carebook">
      {token ? <AcceptInvitation token={token} /> : <DeadLink message={INVITATION_LINK_DEAD} />}
    </AuthCard>
  );
}

function AcceptInvitation({ token }: { token: string }) {
  const navigate = useNavigate();
  const link = useInvitationLink(token);
  const choose = useChoosePassword('invitation');
  if (link.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4">
        <span className="sr-only">Checking your invitation…</span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (link.isError) return <DeadLink message={link.error.message} />;
  const invitation = link.data;
  const where = invitation.clinics.length ? ` at ${invitation.clinics.join(', ')}` : '';
  return (
    <>
      <p className="text-sm">
        {invitation.invitedBy ?? 'An admin'} invited you, {invitation.name}, to join Carebook
        {where} as {ROLE_LABELS[invitation.role].toLowerCase()}.
      </p>
      <p className="text-sm text-muted-foreground">
        You sign in as <span className="font-medium text-foreground">{invitation.email}</span>.
        Choose your password: nobody else will know it.
      </p>
      <ChoosePasswordForm
        email={invitation.email}
        submitLabel="Create my account"
        pending={choose.isPending}
        error={choose.error?.message}
        onSubmit={(password) =>
          choose.mutate(
            { token, password },
            {
              onSuccess: ({ email }) => {
                toast.success('Your account is ready. Sign in with your new password.');
                void navigate(`/auth/login?email=${encodeURIComponent(email)}`, { replace: true });
              },
            },
          )
        }
      />
    </>
  );
}
