import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PatientRecord } from '@contracts/patients';
import { LoadErrorRow } from '@web/components/table-states';
import { LoadingBlock } from '@web/components/loading-block';
import { Skeleton } from '@web/components/ui/skeleton';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { isApiError } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { patientProfileQueryOptions } from '../api/patients';
import { DetailsCard } from './details-card';
import { DuplicatesCard } from './duplicates-card';
import { MergedNotice } from './merged-notice';
import { EditPatientDialog } from './edit-patient-dialog';
import { HistoryCard } from './history-card';
import { NotesCard } from './notes-card';
import { TextsCard } from './texts-card';
import { MessagesCard } from './messages-card';
import { PatientNotFound } from './patient-not-found';
import { SeriesCard, WaitlistCard } from './plans-card';
import { ProfileHeader } from './profile-header';
import { VisitsCard } from './visits-card';

// A column on wide screens; on narrow ones its cards join the page's one column, each in its order.
const COLUMN = 'contents lg:grid lg:min-w-0 lg:content-start lg:gap-4';

/**
 * /patients/:id: one patient's record, visits, waitlist entries, series, notes and history. The
 * booking button and an appointment's details belong to the appointments feature: the app hands
 * them in (ADR 002).
 */
export function PatientProfilePage({
  id,
  renderBookButton,
  renderVisitDetails,
}: {
  id: string;
  renderBookButton: (patient: PatientRecord) => ReactNode;
  renderVisitDetails: (appointmentId: string | null, onClose: () => void) => ReactNode;
}) {
  const timeZone = useViewerTimeZone();
  const { user } = useSession();
  const profile = useQuery(patientProfileQueryOptions(id));
  const [editing, setEditing] = useState(false);
  const [openVisit, setOpenVisit] = useState<string | null>(null);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.status === 404) return <PatientNotFound />;
    return (
      <div className="mx-auto max-w-5xl">
        <LoadErrorRow message={profile.error.message} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  const { patient, canEdit, mergedInto } = profile.data;
  return (
    <div className="mx-auto max-w-6xl">
      <ProfileHeader
        patient={patient}
        book={mergedInto ? null : renderBookButton(patient)}
        onEdit={canEdit ? () => setEditing(true) : undefined}
      />
      {mergedInto && <MergedNotice mergedInto={mergedInto} timeZone={timeZone} />}
      {/* Two columns from lg; on a phone one, in the order of what is looked for first. */}
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <div className={COLUMN}>
          <DetailsCard patient={patient} timeZone={timeZone} />
          {!mergedInto && !patient.erased && (
            <DuplicatesCard
              patientId={patient.id}
              canEdit={canEdit}
              className="order-2 lg:order-none"
            />
          )}
          <NotesCard
            patientId={patient.id}
            notes={profile.data.notes}
            canEdit={canEdit}
            timeZone={timeZone}
            className="order-3 lg:order-none"
          />
        </div>
        <div className={COLUMN}>
          <VisitsCard
            profile={profile.data}
            timeZone={timeZone}
            onOpen={setOpenVisit}
            className="order-2 lg:order-none"
          />
          {!patient.erased && (
            <TextsCard
              patientId={patient.id}
              canEdit={canEdit && !mergedInto}
              timeZone={timeZone}
              className="order-4 lg:order-none"
            />
          )}
          {/* Admins and the front desk read what was sent (ADR 036); admins alone resend. */}
          {(user?.role === 'admin' || user?.role === 'staff') && (
            <MessagesCard
              patientId={patient.id}
              timeZone={timeZone}
              canResend={user.role === 'admin'}
              className="order-4 lg:order-none"
            />
          )}
          <WaitlistCard entries={profile.data.waitlist} className="order-4 lg:order-none" />
          <SeriesCard
            series={profile.data.series}
            timeZone={timeZone}
            className="order-5 lg:order-none"
          />
          <HistoryCard
            history={profile.data.history}
            timeZone={timeZone}
            className="order-6 lg:order-none"
          />
        </div>
      </div>
      {canEdit && (
        <EditPatientDialog
          patient={patient}
          open={editing}
          onOpenChange={setEditing}
          onReload={() => void profile.refetch()}
        />
      )}
      {renderVisitDetails(openVisit, () => {
        setOpenVisit(null);
        // What was done to the visit (a cancellation, a mark) shows in the profile's counts.
        void profile.refetch();
      })}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <LoadingBlock label="Loading the patient…" className="mx-auto max-w-6xl">
      <Skeleton className="mb-2 h-8 w-64" />
      <Skeleton className="mb-6 h-4 w-48" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </LoadingBlock>
  );
}
