import { toast } from 'sonner';
import { MailIcon } from 'lucide-react';
import type { InvitationView } from '@contracts/accounts';
import { formatDate } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { ROLE_LABELS } from '@web/lib/session';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations';

/** Open invitations of the admin's clinics, each to send again (a new link) or withdraw. */
export function InvitationsList() {
  const invitations = useInvitations();
  if (invitations.isError) {
    return (
      <p role="alert" className="mb-4 text-sm text-destructive">
        {invitations.error.message}
      </p>
    );
  }
  const open = invitations.data?.data ?? [];
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="invitations-title" className="mb-6 rounded-lg border bg-card p-4">
      <h2 id="invitations-title" className="mb-3 flex items-center gap-2 text-base font-semibold">
        <MailIcon className="size-4" aria-hidden="true" />
        Open invitations
      </h2>
      <ul className="grid divide-y">
        {open.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationView }) {
  const timeZone = useViewerTimeZone();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  return (
    <li
      aria-label={`Invitation for ${invitation.name}`}
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid min-w-0 gap-0.5 text-sm">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {invitation.name}
          <Badge variant="outline">{ROLE_LABELS[invitation.role]}</Badge>
          {invitation.expired && <Badge variant="destructive">Expired</Badge>}
        </span>
        <span className="break-all text-muted-foreground">{invitation.email}</span>
        <span className="text-muted-foreground">
          {invitation.clinics.map((c) => c.name).join(', ')} ·{' '}
          {invitation.expired ? 'Expired' : 'Link works until'}{' '}
          {formatDate(invitation.expiresAt, timeZone)}
          {invitation.invitedBy ? ` · Invited by ${invitation.invitedBy}` : ''}
        </span>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Resend invitation to ${invitation.name}`}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () =>
                toast.success(
                  `Invitation sent again to ${invitation.email}. The old link no longer works.`,
                ),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          Resend
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={`Revoke invitation to ${invitation.name}`}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () => toast.success(`Invitation to ${invitation.email} withdrawn`),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}
