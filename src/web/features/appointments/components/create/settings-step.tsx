import { useId, type Dispatch } from 'react';
import { NOTES_MAX } from '@contracts/appointments';
import { formatDateNumeric, formatTimeRange } from '@domain/format';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { providerNameOf, type WizardAction, type WizardState } from './use-create-wizard';

/** Step 3, "Additional Settings": optional notes and the summary of what will be booked. */
export function SettingsStep({
  state,
  dispatch,
  clinicName,
  timeZone,
  serviceName,
  roomName,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  clinicName: string;
  timeZone: string;
  /** A service other than the clinic's default (issue 42): the summary names it. */
  serviceName?: string;
  /** The room or equipment it will use, or how it is chosen (ADR 045). */
  roomName?: string;
}) {
  const notesId = useId();
  const summaryId = useId();
  const { form, slot, duration } = state;
  const rows: Array<[string, string]> = [
    ['Patient', form.patientName],
    ['Email', form.patientEmail],
    ['Clinic', clinicName],
    ['Date', slot ? formatDateNumeric(slot.startTime, timeZone) : ''],
    ['Time', slot ? formatTimeRange(slot.startTime, duration, timeZone) : ''],
    ['Provider', providerNameOf(slot)],
    // The spec's rows are the default service's summary; another service is named after them.
    ...(serviceName ? [['Service', serviceName] as [string, string]] : []),
    ...(roomName ? [['Room', roomName] as [string, string]] : []),
  ];
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={notesId}>Notes (Optional)</Label>
        <Textarea
          id={notesId}
          rows={3}
          maxLength={NOTES_MAX}
          className="min-h-0"
          placeholder="Add any additional notes for this appointment..."
          value={form.notes}
          onChange={(event) => dispatch({ type: 'setNotes', notes: event.target.value })}
        />
      </div>
      <section aria-labelledby={summaryId} className="rounded-lg border bg-muted/40 p-4">
        <h4 id={summaryId} className="mb-3 text-sm font-semibold">
          Appointment Summary
        </h4>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="min-w-0 font-medium break-words">{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
