import { toast } from 'sonner';
import { LaptopIcon } from 'lucide-react';
import type { UserSession } from '@contracts/accounts';
import { formatDate, formatTime } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useEndMySession, useEndOtherSessions, useMySessions } from '../api/my-sessions';
import { SettingsSection } from './settings-section';

/** Settings → "Where you're signed in": each live session, and signing out any of them. */
export function SessionsSettings() {
  const sessions = useMySessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.data.filter((s) => !s.current) ?? [];
  return (
    <SettingsSection
      id="sessions"
      title="Where you’re signed in"
      description="Sign out anywhere you do not recognise, or have left signed in."
    >
      {sessions.isPending ? (
        <div aria-busy="true" className="grid gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {sessions.error.message}
        </p>
      ) : (
        <div className="grid gap-4">
          <ul className="grid divide-y rounded-md border" aria-label="Your sessions">
            {sessions.data.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others.length > 0 && (
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: ({ ended }) =>
                    toast.success(
                      ended === 1
                        ? 'Signed out 1 other session.'
                        : `Signed out ${ended} other sessions.`,
                    ),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              {endOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
            </Button>
          )}
        </div>
      )}
    </SettingsSection>
  );
}

function SessionRow({ session }: { session: UserSession }) {
  const timeZone = useViewerTimeZone();
  const end = useEndMySession();
  const when = (iso: string) => `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
  const name = session.browser ?? 'Unknown browser';
  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
      aria-label={session.current ? `${name}, this browser` : name}
    >
      <div className="flex min-w-0 items-start gap-3">
        <LaptopIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5 text-sm">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            {name}
            {session.current && <Badge variant="secondary">This browser</Badge>}
          </span>
          <span className="text-muted-foreground">
            {session.ip ?? 'Address unknown'} · Signed in {when(session.signedInAt)} · Last seen{' '}
            {when(session.lastSeenAt)}
          </span>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start sm:self-center"
          disabled={end.isPending}
          aria-label={`Sign out ${name}`}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success(`Signed out ${name}.`),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
