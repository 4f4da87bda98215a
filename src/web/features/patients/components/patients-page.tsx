import { DownloadIcon, UploadIcon, UsersIcon } from 'lucide-react';
import { ButtonLink } from '@web/components/button-link';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useSession } from '@web/lib/session';
import { useDownloadPatients } from '../api/patients';
import { usePatientList } from '../hooks/use-patient-list';
import { PatientFilters } from './patient-filters';
import { PatientPager } from './patient-pager';
import { PatientResults } from './patient-results';

/** /patients: find a patient of the user's clinics and open their record. */
export function PatientsPage() {
  const { user } = useSession();
  const clinics = user?.clinics ?? [];
  const timeZone = useViewerTimeZone();
  const search = usePatientList();
  // The server says where the user may change records: admins choose the roles per clinic.
  const editable = search.list.data?.editableClinics ?? [];
  const mayExport = search.clinic ? editable.includes(search.clinic) : editable.length > 0;
  const download = useDownloadPatients();

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Patients"
        description="Find a patient to see their details, visits and notes."
        actions={
          <>
            <ButtonLink to="/patients/duplicates" icon={UsersIcon}>
              Possible duplicates
            </ButtonLink>
            {editable.length > 0 && (
              <ButtonLink to="/patients/import" icon={UploadIcon}>
                Import
              </ButtonLink>
            )}
            {mayExport && (
              // A fetch, not a link: an export needs a fresh second factor (ADR 046), and only
              // the app can ask for it and then send the request again.
              <Button
                variant="outline"
                disabled={download.isPending}
                onClick={() => download.mutate(search.filters)}
                aria-describedby={download.error ? 'patients-download-error' : undefined}
              >
                <DownloadIcon aria-hidden="true" />
                {download.isPending ? 'Preparing CSV…' : 'Download CSV'}
              </Button>
            )}
          </>
        }
      />
      {download.error && (
        <p id="patients-download-error" role="alert" className="mb-3 text-sm text-destructive">
          {download.error.message}
        </p>
      )}
      <PatientFilters
        text={search.text}
        onTextChange={search.setText}
        clinics={clinics}
        clinic={search.clinic}
        onClinicChange={search.setClinic}
        archived={search.archived}
        onArchivedChange={search.setArchived}
      />
      <div className="overflow-hidden rounded-xl border bg-card">
        <PatientResults
          list={search.list}
          q={search.q}
          archived={search.archived}
          showClinic={clinics.length > 1}
          timeZone={timeZone}
        />
        <PatientPager
          pageNumber={search.pageNumber}
          onPrevious={search.goPrevious}
          onNext={search.goNext}
          loading={search.list.isFetching}
        />
      </div>
    </div>
  );
}
