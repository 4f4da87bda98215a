import type { ReactNode } from 'react';
import { badgeVariant } from '@domain/appointment-status';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { StaffVisit } from '../utils/staff-session-model';

/** Who and when, and what the join window means for the patient right now. */
export function VisitDetailsCard({ visit, timeZone }: { visit: StaffVisit; timeZone: string }) {
  const rows: Array<[string, ReactNode]> = [
    ['Patient', visit.patientName],
    ['Email', visit.patientEmail ?? 'None on record'],
    ['Provider', visit.providerName],
    ['Clinic', visit.clinicName],
    ['Date', visit.date],
    ['Time', visit.time],
    ['Duration', visit.duration],
    ...(visit.serviceName ? [['Service', visit.serviceName] as [string, ReactNode]] : []),
  ];
  return (
    <Card className="h-fit">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Appointment</CardTitle>
        <Badge variant={badgeVariant(visit.statusValue)}>{visit.status}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="text-sm">
          <p className="font-medium">Notes</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-muted-foreground">
            {visit.notes ?? 'No notes.'}
          </p>
        </div>
        {visit.kind === 'video' && (
          <div className="rounded-lg bg-muted/60 p-3 text-sm">
            <p className="font-medium">Join window</p>
            <p className="mt-1 text-muted-foreground">{visit.windowText}</p>
            {visit.countdown && <p className="mt-1">{visit.countdown}</p>}
          </div>
        )}
        <p className="text-xs text-muted-foreground">Times in {timeZone}.</p>
      </CardContent>
    </Card>
  );
}
