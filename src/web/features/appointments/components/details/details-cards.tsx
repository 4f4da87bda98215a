import type { ReactNode } from 'react';
import type { Appointment } from '@contracts/appointments';
import { statusLabel } from '@domain/appointment-status';
import { formatDateWithWeekday, formatDuration, formatTimeRange } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { patientNameOf, staffNameOf } from '../../utils/appointment-display';

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-3 py-4 shadow-none">
      <CardHeader className="px-4">
        <CardTitle className="text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <dl className="grid gap-2 text-sm">{children}</dl>
      </CardContent>
    </Card>
  );
}

function Field({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={mono ? 'font-mono text-xs break-all' : 'break-words'}>{children || '—'}</dd>
    </div>
  );
}

/** The Summary, Patient and Provider cards of the details dialog (spec §2). */
export function DetailsCards({
  appointment,
  clinicName,
  timeZone,
}: {
  appointment: Appointment;
  clinicName: string;
  timeZone: string;
}) {
  const { patient, staff } = appointment;
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <InfoCard title="Summary">
        <Field label="Date">{formatDateWithWeekday(appointment.date, timeZone)}</Field>
        <Field label="Time">
          {formatTimeRange(appointment.date, appointment.duration, timeZone)}
        </Field>
        <Field label="Duration">{formatDuration(appointment.duration)}</Field>
        <Field label="Status">{statusLabel(appointment.metadata?.status)}</Field>
      </InfoCard>
      <InfoCard title="Patient">
        <Field label="Name">{patientNameOf(appointment)}</Field>
        <Field label="Email">{patient?.email}</Field>
        <Field label="Clinic">{clinicName}</Field>
        <Field label="ID" mono>
          {patient?.id}
        </Field>
        {patient?.source && (
          <div>
            <dt className="sr-only">Source</dt>
            <dd>
              <Badge variant="outline">{patient.source}</Badge>
            </dd>
          </div>
        )}
      </InfoCard>
      <InfoCard title="Provider">
        <Field label="Name">{staffNameOf(appointment)}</Field>
        <Field label="Email">{staff?.email}</Field>
        <Field label="Staff ID" mono>
          {staff?.id}
        </Field>
      </InfoCard>
    </div>
  );
}
