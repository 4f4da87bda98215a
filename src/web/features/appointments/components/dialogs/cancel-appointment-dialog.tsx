import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  CANCEL_REASON_MAX,
  cancelBody,
  type Appointment,
  type SeriesScope,
} from '@contracts/appointments';
import { formatDate, formatTimeRange } from '@domain/format';
import { Button } from '@web/components/ui/button';
import {
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { labelled, worded } from '@web/lib/form-schema';
import { useCancelAppointment } from '../../api/cancel-appointment';
import { patientNameOf } from '../../utils/appointment-display';
import { AppointmentDialogShell } from './appointment-dialog-shell';
import { SeriesScopeField } from './series-scope-field';

/** Confirm stays disabled until there is a reason; what else the server refuses is said here. */
const cancelForm = z.object({ reason: worded(cancelBody.shape.reason, labelled('The reason')) });

export interface CancelAppointmentDialogProps {
  open: boolean;
  appointment: Appointment;
  timeZone: string;
  /** Part of a series: ask whether to cancel this one, the following ones or all. */
  inSeries?: boolean;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** "Cancel Appointment" (spec §2, §5): a reason is required and sent trimmed. */
export function CancelAppointmentDialog({
  open,
  onClose,
  onCloseAutoFocus,
  ...props
}: CancelAppointmentDialogProps) {
  return (
    <AppointmentDialogShell open={open} onClose={onClose} onCloseAutoFocus={onCloseAutoFocus}>
      <CancelForm {...props} onClose={onClose} />
    </AppointmentDialogShell>
  );
}

function CancelForm({
  appointment,
  timeZone,
  inSeries,
  onClose,
}: Pick<CancelAppointmentDialogProps, 'appointment' | 'timeZone' | 'inSeries' | 'onClose'>) {
  const reasonId = useId();
  const [scope, setScope] = useState<SeriesScope>('one');
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(cancelForm),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const error = formState.errors.reason?.message;
  const cancel = useCancelAppointment();
  const canConfirm = reason.trim() !== '' && !cancel.isPending;
  // Spec §5: the reason is required; say so where it is typed, not only by a pale Confirm.
  const hint =
    reason.trim() === ''
      ? 'A reason is required to confirm: the patient and the provider are told it.'
      : 'The patient and the provider are told this reason.';

  const confirm = handleSubmit((body) => {
    if (!canConfirm) return;
    cancel.mutate(
      { id: appointment._id, reason: body.reason, scope },
      {
        onSuccess: () => {
          toast.success('Appointment canceled successfully');
          onClose();
        },
        onError: (error) => toast.error(error.message || 'Failed to cancel appointment'),
      },
    );
  });

  return (
    <form className="grid gap-4" onSubmit={confirm} noValidate>
      <DialogHeader>
        <DialogTitle>Cancel Appointment</DialogTitle>
        <DialogDescription className="sr-only">
          Cancel the appointment with {patientNameOf(appointment)}
        </DialogDescription>
      </DialogHeader>
      <div
        role="note"
        className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm"
      >
        <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <div>
          <p className="font-medium text-red-700 dark:text-red-300">This action cannot be undone</p>
          <p className="text-muted-foreground">All parties will be notified.</p>
        </div>
      </div>
      <div className="rounded-lg border p-3 text-sm">
        <p className="font-medium">{patientNameOf(appointment)}</p>
        <p className="text-muted-foreground">
          {formatDate(appointment.date, timeZone)} ·{' '}
          {formatTimeRange(appointment.date, appointment.duration, timeZone)}
        </p>
      </div>
      {inSeries && (
        <SeriesScopeField value={scope} onChange={setScope} disabled={cancel.isPending} />
      )}
      <FormField id={reasonId} label="Reason for Cancellation" hint={hint} error={error}>
        <Textarea
          id={reasonId}
          rows={3}
          required
          maxLength={CANCEL_REASON_MAX}
          placeholder="Reason for cancelling..."
          {...register('reason')}
          {...fieldDescription(reasonId, { hint, error })}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
          Keep
        </Button>
        <Button
          type="submit"
          variant="destructive"
          disabled={!canConfirm}
          aria-describedby={reason.trim() === '' ? `${reasonId}-hint` : undefined}
        >
          {cancel.isPending ? 'Cancelling...' : 'Confirm'}
        </Button>
      </DialogFooter>
    </form>
  );
}
