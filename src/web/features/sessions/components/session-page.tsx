import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, MapPinIcon, PhoneIcon, VideoIcon } from 'lucide-react';
import { ButtonLink } from '@web/components/button-link';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useNow } from '@web/hooks/use-now';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { signalUrl } from '@web/lib/video-call/signalling-client';
import { VideoCallPanel } from '@web/lib/video-call/video-call-panel';
import { staffSessionQueryOptions } from '../api/get-staff-session';
import { describeStaffSession, type StaffVisit } from '../utils/staff-session-model';
import { VisitDetailsCard } from './visit-details-card';

/** /session/:id — the staff side of a video visit: who, when, the join window, and the call. */
export function SessionPage() {
  const { id = '' } = useParams();
  const timeZone = useViewerTimeZone();
  const session = useQuery(staffSessionQueryOptions(id));
  const now = useNow({ intervalMs: 10_000 });
  const [inCall, setInCall] = useState(false);

  if (session.isPending) {
    return (
      <div className="mx-auto max-w-6xl space-y-4" aria-busy="true">
        <span className="sr-only">Loading the visit…</span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (session.isError) {
    return (
      <div className="mx-auto max-w-6xl">
        <PageHeader title="Video visit" />
        <div role="alert" className="rounded-xl border bg-card p-6">
          <p className="font-medium">Failed to load appointment</p>
          <p className="mt-1 text-sm text-muted-foreground">{session.error.message}</p>
          <Button variant="outline" className="mt-4" asChild>
            <Link to="/appointments">Back to appointments</Link>
          </Button>
        </div>
      </div>
    );
  }

  const view = session.data;
  const visit = describeStaffSession(view, now, timeZone);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={`${visit.kindTitle} with ${visit.patientName}`}
        description={`${visit.date} · ${visit.time}`}
        actions={
          <ButtonLink to="/appointments" icon={ArrowLeftIcon} variant="ghost">
            Appointments
          </ButtonLink>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div>
          {visit.kind !== 'video' ? (
            <NoCall visit={visit} />
          ) : inCall ? (
            <VideoCallPanel
              role="staff"
              signalUrl={signalUrl({ appointmentId: view.appointmentId })}
              iceServers={view.iceServers}
              remoteName={visit.patientName}
              onLeft={() => setInCall(false)}
            />
          ) : (
            <section
              aria-label="Start the visit"
              className="flex aspect-video w-full flex-col items-center justify-center gap-4 rounded-2xl border border-dashed bg-muted/40 p-6 text-center"
            >
              <VideoIcon className="size-10 text-muted-foreground" aria-hidden="true" />
              <div className="max-w-md space-y-1">
                <p className="font-medium">{visit.startBlockedReason ?? 'Ready when you are'}</p>
                {visit.canStart && (
                  <p className="text-sm text-muted-foreground">
                    Your camera and microphone start when you press Start visit. The patient waits
                    for you until then.
                  </p>
                )}
              </div>
              <Button size="lg" disabled={!visit.canStart} onClick={() => setInCall(true)}>
                <VideoIcon aria-hidden="true" />
                Start visit
              </Button>
            </section>
          )}
        </div>
        <VisitDetailsCard visit={visit} timeZone={timeZone} />
      </div>
    </div>
  );
}

/** An in-person or phone visit: where it happens, and no call to start (issue 42). */
function NoCall({ visit }: { visit: StaffVisit }) {
  const Icon = visit.kind === 'in_person' ? MapPinIcon : PhoneIcon;
  return (
    <section
      aria-label="How the visit happens"
      className="flex w-full flex-col items-center justify-center gap-3 rounded-2xl border bg-muted/40 p-6 text-center sm:aspect-video"
    >
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      {visit.kind === 'in_person' ? (
        <div className="max-w-md space-y-1">
          <p className="font-medium">This visit is in person, so there is no video call.</p>
          {visit.place && (
            <address className="text-sm whitespace-pre-line text-muted-foreground not-italic">
              {visit.place}
            </address>
          )}
        </div>
      ) : (
        <p className="max-w-md font-medium">
          This visit is by phone: the clinic calls the patient on the number on their record.
        </p>
      )}
    </section>
  );
}
