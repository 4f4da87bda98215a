import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon } from 'lucide-react';
import type { Appointment, MoveCheckResponse } from '@contracts/appointments';
import { formatDateWithWeekday, formatTime, formatTimeRange } from '@domain/format';
import { Button } from '@web/components/ui/button';
import { DialogFrame, DialogHeading } from '@web/components/dialog-frame';
import { DialogFooter } from '@web/components/ui/dialog';
import { OutsideBusyAlert } from '@web/components/outside-busy-alert';
import { isOutsideBusyRefusal } from '@web/lib/outside-busy';
import { moveCheckQueryOptions } from '../api/check-move';
import { useMoveAppointment } from '../api/move-appointment';

export interface PendingDrop {
  appointment: Appointment;
  start: Date;
  revert: () => void;
}

function When({
  label,
  date,
  duration,
  timeZone,
}: {
  label: string;
  date: Date | string;
  duration: number;
  timeZone: string;
}) {
  return (
    <div className="grid grid-cols-[4rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>
        {formatDateWithWeekday(date, timeZone)}
        <br />
        {formatTimeRange(date, duration, timeZone)}
      </dd>
    </div>
  );
}

/** What stands in the way, in the viewer's zone, under the server's own sentence. */
function Conflict({
  answer,
  timeZone,
  onPickAnother,
}: {
  answer: MoveCheckResponse;
  timeZone: string;
  onPickAnother?: () => void;
}) {
  const { conflict } = answer;
  const minutes = conflict ? (Date.parse(conflict.end) - Date.parse(conflict.start)) / 60_000 : 0;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-medium">{answer.message}</p>
        {conflict?.kind === 'appointment' && (
          <p className="text-muted-foreground">
            Booked: {formatTimeRange(conflict.start, minutes, timeZone)}.
          </p>
        )}
        {conflict?.kind === 'hold' && conflict.expiresAt && (
          <p className="text-muted-foreground">
            Held online {formatTimeRange(conflict.start, minutes, timeZone)}, until{' '}
            {formatTime(conflict.expiresAt, timeZone)} unless the patient confirms.
          </p>
        )}
        {onPickAnother && (
          <Button variant="link" className="h-auto p-0" onClick={onPickAnother}>
            Choose another time
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * A drag is only a proposal: this asks before the appointment moves, and says first when the new
 * time is taken, held or outside the hours (the server's check, ADR 034). Cancelling (or a
 * refusal from the server) puts the event back where it was.
 */
export function ConfirmMoveDialog({
  pending,
  timeZone,
  onDone,
  onPickAnother,
}: {
  pending: PendingDrop | null;
  timeZone: string;
  onDone: () => void;
  /** Opens the reschedule dialog (the slot picker) for the appointment instead. */
  onPickAnother?: (appointment: Appointment) => void;
}) {
  const move = useMoveAppointment();
  const check = useQuery({
    ...moveCheckQueryOptions(
      pending?.appointment ?? ({ _id: '' } as Appointment),
      pending?.start ?? new Date(0),
    ),
    enabled: pending !== null,
  });
  // A failed check decides nothing: the server still has the last word on Move.
  const refused = check.data?.bookable === false ? check.data : null;
  // Only the provider's outside calendar stands in the way (ADR 053): said by the check, or by the
  // move itself when the calendar synced meanwhile. Staff may move it anyway.
  const [moveRefusal, setMoveRefusal] = useState<{ message: string; for: PendingDrop } | null>(
    null,
  );
  const outsideBusy =
    moveRefusal && moveRefusal.for === pending
      ? moveRefusal.message
      : refused?.overridable
        ? refused.message
        : null;

  function cancel() {
    if (move.isPending) return;
    pending?.revert();
    onDone();
  }

  function confirm(overrideOutsideBusy = false) {
    if (!pending) return;
    move.mutate(
      { appointment: pending.appointment, start: pending.start, overrideOutsideBusy },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!overrideOutsideBusy && isOutsideBusyRefusal(error)) {
            setMoveRefusal({ message: error.message, for: pending });
            return;
          }
          pending.revert();
          onDone();
        },
      },
    );
  }

  const appointment = pending?.appointment;
  return (
    <DialogFrame
      open={pending !== null}
      onOpenChange={(open) => !open && cancel()}
      confirmation
      className="sm:max-w-md"
    >
      {appointment && pending && (
        <>
          <DialogHeading
            title="Move this appointment?"
            description={
              <>
                {appointment.patient.name || 'Unknown Patient'} with {appointment.staff.name}. The
                patient and provider will be notified.
              </>
            }
          />
          <dl className="space-y-3">
            <When
              label="From"
              date={appointment.date}
              duration={appointment.duration}
              timeZone={timeZone}
            />
            <When
              label="To"
              date={pending.start}
              duration={appointment.duration}
              timeZone={timeZone}
            />
          </dl>
          {check.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Checking the new time…
            </p>
          ) : outsideBusy ? (
            <OutsideBusyAlert
              message={outsideBusy}
              pending={move.isPending}
              onBookAnyway={() => confirm(true)}
            />
          ) : (
            refused && (
              <Conflict
                answer={refused}
                timeZone={timeZone}
                onPickAnother={
                  onPickAnother &&
                  (() => {
                    pending.revert();
                    onDone();
                    onPickAnother(appointment);
                  })
                }
              />
            )
          )}
          <DialogFooter>
            <Button variant="outline" onClick={cancel} disabled={move.isPending}>
              Cancel
            </Button>
            <Button
              onClick={() => confirm()}
              disabled={
                move.isPending || check.isPending || refused !== null || outsideBusy !== null
              }
            >
              {move.isPending ? 'Moving...' : 'Move'}
            </Button>
          </DialogFooter>
        </>
      )}
    </DialogFrame>
  );
}
