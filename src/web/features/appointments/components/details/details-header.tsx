import type { Ref } from 'react';
import { CalendarIcon, ClockIcon, TimerIcon } from 'lucide-react';
import type { Appointment } from '@contracts/appointments';
import { formatDate, formatDuration, formatTime } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { patientNameOf } from '../../utils/appointment-display';
import { StatusBadge } from '@web/components/appointment-status-badge';
import { ServiceLabel } from '@web/components/service-label';
import { DetailsActions, type ChangeAction } from './details-actions';

/** Badges, the patient's name, when, and what can be done (spec §2 "Header"). */
export function DetailsHeader({
  appointment,
  timeZone,
  role,
  now,
  onAction,
  titleRef,
}: {
  appointment: Appointment;
  timeZone: string;
  role: string | null | undefined;
  now: Date;
  onAction: (action: ChangeAction) => void;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const clinic = appointment.patient?.clinic;
  return (
    // A div, not <header>: that would add a second banner landmark beside the app's header.
    <div className="space-y-3 pr-8">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={appointment.metadata?.status} />
        {clinic && (
          <Badge variant="outline" className="tracking-wide">
            {clinic.toUpperCase()}
          </Badge>
        )}
      </div>
      <DialogTitle ref={titleRef} tabIndex={-1} className="text-xl outline-none">
        {patientNameOf(appointment)}
      </DialogTitle>
      <DialogDescription className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="inline-flex items-center gap-1.5">
          <CalendarIcon className="size-4" aria-hidden="true" />
          {formatDate(appointment.date, timeZone)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <ClockIcon className="size-4" aria-hidden="true" />
          {formatTime(appointment.date, timeZone)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <TimerIcon className="size-4" aria-hidden="true" />
          {formatDuration(appointment.duration)}
        </span>
        <ServiceLabel appointment={appointment} className="text-sm" />
      </DialogDescription>
      <DetailsActions appointment={appointment} role={role} now={now} onAction={onAction} />
    </div>
  );
}
