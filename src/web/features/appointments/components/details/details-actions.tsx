import {
  CalendarCheckIcon,
  CalendarClockIcon,
  ChevronDownIcon,
  Loader2Icon,
  UserRoundCogIcon,
  XCircleIcon,
} from 'lucide-react';
import { toast } from 'sonner';
import {
  canChangeAppointment,
  canConfirmAppointment,
  canMarkAppointment,
  correctionLabel,
  MARK_ACTIONS,
  markActionToStatus,
  statusCorrectionsFor,
  statusLabel,
  type MarkAction,
  type StatusCorrection,
} from '@domain/appointment-status';
import { canReassign } from '@domain/roles';
import type { Appointment } from '@contracts/appointments';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useCorrectStatus } from '../../api/correct-status';
import { useConfirmAppointment, useMarkAppointment } from '../../api/mark-appointment';

export type ChangeAction = 'reschedule' | 'reassign' | 'cancel';

/** Which header actions an appointment offers this user now (spec §4 and §6). */
export function visibleActions(
  appointment: Pick<Appointment, 'date'> & {
    metadata?: { status?: string | null };
    statusHistory?: Appointment['statusHistory'];
  },
  role: string | null | undefined,
  now: Date,
) {
  const subject = { date: appointment.date, status: appointment.metadata?.status };
  const change = canChangeAppointment(subject, now);
  return {
    mark: canMarkAppointment(subject, now),
    // A confirmation the patient gave by phone or at the desk, recorded in the staff's name.
    confirm: canConfirmAppointment(subject, now),
    corrections: statusCorrectionsFor(
      { status: subject.status, history: appointment.statusHistory ?? [] },
      now,
    ),
    reschedule: change,
    // Hidden until the role is known, so a nurse never sees it flash past.
    reassign: change && role != null && canReassign(role),
    cancel: change,
  };
}

export function DetailsActions({
  appointment,
  role,
  now,
  onAction,
}: {
  appointment: Appointment;
  role: string | null | undefined;
  now: Date;
  onAction: (action: ChangeAction) => void;
}) {
  const show = visibleActions(appointment, role, now);
  const mark = useMarkAppointment();
  const correct = useCorrectStatus();
  const confirm = useConfirmAppointment();
  const busy = mark.isPending || correct.isPending || confirm.isPending;

  function onConfirm() {
    confirm.mutate(appointment._id, {
      onSuccess: () => toast.success('Appointment confirmed'),
      onError: (error) => toast.error(error.message || 'Failed to confirm appointment'),
    });
  }

  function onCorrect(status: StatusCorrection) {
    correct.mutate(
      { id: appointment._id, status },
      {
        onSuccess: () => toast.success('Appointment updated successfully'),
        onError: (error) => toast.error(error.message || 'Failed to mark appointment'),
      },
    );
  }

  function onMark(action: MarkAction) {
    mark.mutate(
      { id: appointment._id, action },
      {
        // A mis-click is undone from the toast while it shows; later, Correct status.
        onSuccess: () =>
          toast.success('Appointment marked successfully', {
            action: { label: 'Undo', onClick: () => onCorrect('UNMARKED') },
          }),
        onError: (error) => toast.error(error.message || 'Failed to mark appointment'),
      },
    );
  }

  const correctable = show.corrections.length > 0;
  if (!show.mark && !show.reschedule && !correctable) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {show.mark && (
        <StatusMenu
          label="Mark as"
          busy={busy}
          choices={MARK_ACTIONS.map((action) => ({
            key: action,
            label: statusLabel(markActionToStatus(action)),
            onSelect: () => onMark(action),
          }))}
        />
      )}
      {correctable && (
        <StatusMenu
          label="Correct status"
          variant="outline"
          busy={busy}
          choices={show.corrections.map((to) => ({
            key: to,
            label: correctionLabel(to),
            onSelect: () => onCorrect(to),
          }))}
        />
      )}
      {show.confirm && (
        <Button size="sm" variant="outline" disabled={busy} onClick={onConfirm}>
          <CalendarCheckIcon aria-hidden="true" />
          {confirm.isPending ? 'Confirming...' : 'Confirm'}
        </Button>
      )}
      {show.reschedule && (
        <Button size="sm" variant="outline" onClick={() => onAction('reschedule')}>
          <CalendarClockIcon aria-hidden="true" />
          Reschedule
        </Button>
      )}
      {show.reassign && (
        <Button size="sm" variant="outline" onClick={() => onAction('reassign')}>
          <UserRoundCogIcon aria-hidden="true" />
          Reassign
        </Button>
      )}
      {show.cancel && (
        <Button
          size="sm"
          variant="outline"
          className="text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
          onClick={() => onAction('cancel')}
        >
          <XCircleIcon aria-hidden="true" />
          Cancel
        </Button>
      )}
    </div>
  );
}

/** A button that opens a list of statuses to set; it spins while one is being saved. */
function StatusMenu({
  label,
  variant,
  busy,
  choices,
}: {
  label: string;
  variant?: 'outline';
  busy: boolean;
  choices: { key: string; label: string; onSelect: () => void }[];
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant={variant} disabled={busy}>
          {label}
          {busy ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <ChevronDownIcon aria-hidden="true" />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {choices.map((choice) => (
          <DropdownMenuItem key={choice.key} onSelect={choice.onSelect}>
            {choice.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
