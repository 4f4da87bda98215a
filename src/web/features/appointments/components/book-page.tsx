import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { CalendarPlusIcon } from 'lucide-react';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { searchPatients } from '../api/search-patients';
import { CreateAppointmentDialog } from './create/create-appointment-dialog';
import type { DefaultPatient } from './create/use-create-wizard';
import { bookPageKeys } from '@web/queries/query-keys';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /book?clinic=<slug>&patient=<email or id>&date=YYYY-MM-DD&agent=<id>: the create flow as a page
 * of its own, so a link (from the calendar, a patient record, an email) opens it prefilled.
 */
export function BookPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const clinic = params.get('clinic') ?? '';
  const patientRef = params.get('patient') ?? '';
  const date = params.get('date') ?? '';
  const agent = params.get('agent') ?? undefined;
  // A deep link (from the calendar, a record, an email) opens the wizard at once; a plain visit
  // shows the page and its button.
  const [open, setOpen] = useState(() => [clinic, patientRef, date, agent].some(Boolean));

  const patient = useQuery({
    queryKey: bookPageKeys.patient(clinic, patientRef),
    queryFn: ({ signal }) => searchPatients({ clinic, keyword: patientRef }, signal),
    enabled: clinic !== '' && patientRef !== '',
    staleTime: 60_000,
  });
  const match = patient.data?.find(
    (p) => p.id === patientRef || p.email.toLowerCase() === patientRef.toLowerCase(),
  );
  const defaultPatient: DefaultPatient | undefined = match
    ? {
        clinic,
        id: match.id,
        email: match.email,
        name: match.fullName,
        dob: match.dob,
        phone: match.phone,
      }
    : clinic
      ? { clinic }
      : undefined;
  const waiting = patientRef !== '' && clinic !== '' && patient.isPending;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Book an appointment"
        description="Choose the patient, a free time with a provider, and any notes."
      />
      {patientRef && patient.isSuccess && !match ? (
        <p role="status" className="mb-4 text-sm text-muted-foreground">
          No patient matching “{patientRef}” was found in this clinic; search for them in the first
          step.
        </p>
      ) : null}
      {waiting ? (
        <Skeleton className="h-32 w-full" aria-label="Loading the patient…" />
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
          <p className="text-sm text-muted-foreground">
            The booking opens in a dialog. Closing it keeps you here; you can start again at any
            time.
          </p>
          <CreateAppointmentDialog
            open={open}
            onOpenChange={setOpen}
            defaultDate={DATE.test(date) ? date : undefined}
            defaultAgentId={agent}
            defaultPatient={defaultPatient}
            onCreated={(appointment) => navigate(`/appointments?view=${appointment._id}`)}
            trigger={
              <Button>
                <CalendarPlusIcon aria-hidden="true" />
                Create Appointment
              </Button>
            }
          />
        </div>
      )}
    </div>
  );
}
