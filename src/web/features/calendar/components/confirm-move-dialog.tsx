import type { Appointment } from '@contracts/appointments';
import { formatDateWithWeekday, formatTimeRange } from '@domain/format';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
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

/**
 * A drag is only a proposal: this asks before the appointment moves. Cancelling (or a refusal
 * from the server) puts the event back where it was.
 */
export function ConfirmMoveDialog({
  pending,
  timeZone,
  onDone,
}: {
  pending: PendingDrop | null;
  timeZone: string;
  onDone: () => void;
}) {
  const move = useMoveAppointment();

  function cancel() {
    if (move.isPending) return;
    pending?.revert();
    onDone();
  }

  function confirm() {
    if (!pending) return;
    move.mutate(
      { appointment: pending.appointment, start: pending.start },
      {
        onError: () => pending.revert(),
        onSettled: onDone,
      },
    );
  }

  const appointment = pending?.appointment;
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && cancel()}>
      <DialogContent role="alertdialog" className="sm:max-w-md">
        {appointment && pending && (
          <>
            <DialogHeader>
              <DialogTitle>Move this appointment?</DialogTitle>
              <DialogDescription>
                {appointment.patient.name || 'Unknown Patient'} with {appointment.staff.name}. The
                patient and provider will be notified.
              </DialogDescription>
            </DialogHeader>
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
            <DialogFooter>
              <Button variant="outline" onClick={cancel} disabled={move.isPending}>
                Cancel
              </Button>
              <Button onClick={confirm} disabled={move.isPending}>
                {move.isPending ? 'Moving...' : 'Move'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
