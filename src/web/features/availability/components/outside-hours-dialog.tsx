import { useState, type ReactNode } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import type { OutsideHoursVisit, VisitsOutsideHoursResponse } from '@contracts/availability';
import { formatDateWithWeekday, formatTimeRange } from '@domain/format';
import { Button } from '@web/components/ui/button';
import { DialogFrame, DialogHeading } from '@web/components/dialog-frame';
import { DialogFooter } from '@web/components/ui/dialog';

export type VisitAction = { kind: 'reschedule' | 'cancel'; appointmentId: string };

/** The reschedule or cancel dialog of another feature, handed in by src/web/app. */
export type RenderVisitAction = (action: VisitAction, onClose: () => void) => ReactNode;

const visitsWord = (n: number) => (n === 1 ? '1 booked visit' : `${n} booked visits`);

/**
 * Before hours are saved that leave booked visits outside them (ADR 034): the visits, each with
 * Reschedule and Cancel (the cancel dialog notifies the patient), and Save keeping them as they
 * are. Closing the reschedule or cancel dialog asks the server again, so the list shows what is
 * still outside.
 */
export function OutsideHoursDialog({
  result,
  timeZone,
  saving,
  onSave,
  onBack,
  onRecheck,
  renderVisitAction,
}: {
  result: VisitsOutsideHoursResponse | null;
  timeZone: string;
  saving: boolean;
  onSave: () => void;
  onBack: () => void;
  onRecheck: () => void;
  renderVisitAction?: RenderVisitAction;
}) {
  const [action, setAction] = useState<VisitAction | null>(null);
  const open = result !== null;
  const listed = result?.visits ?? [];
  const remaining = (result?.total ?? 0) + (result?.elsewhere ?? 0);
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && !saving && onBack()}
      confirmation
      className="p-4 sm:max-w-xl sm:p-6"
    >
      {result && (
        <>
          <DialogHeading
            title={remaining > 0 ? 'Visits outside the new hours' : 'No visits left outside'}
            description={
              remaining > 0
                ? `These hours leave ${visitsWord(remaining)} outside them. Saving keeps the visits as they are; you can reschedule or cancel each first.`
                : 'Every booked visit now lies inside the new hours.'
            }
          />
          {listed.length > 0 && (
            <ul
              aria-label="Visits outside the new hours"
              className="max-h-[50vh] divide-y overflow-y-auto rounded-lg border"
            >
              {listed.map((visit) => (
                <VisitRow
                  key={visit._id}
                  visit={visit}
                  timeZone={timeZone}
                  disabled={saving || !renderVisitAction}
                  onAction={(kind) => setAction({ kind, appointmentId: visit._id })}
                />
              ))}
            </ul>
          )}
          {result.total > listed.length && (
            <p className="text-sm text-muted-foreground">
              And {result.total - listed.length} more, shown after these are dealt with.
            </p>
          )}
          {result.elsewhere > 0 && (
            <p className="flex gap-2 text-sm text-muted-foreground">
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {visitsWord(result.elsewhere)} at clinics you do not manage{' '}
              {result.elsewhere === 1 ? 'is' : 'are'} also outside the new hours.
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onBack} disabled={saving}>
              Back to editing
            </Button>
            <Button onClick={onSave} disabled={saving}>
              {saving ? 'Saving...' : remaining > 0 ? 'Save and keep these visits' : 'Save'}
            </Button>
          </DialogFooter>
          {action &&
            renderVisitAction?.(action, () => {
              setAction(null);
              onRecheck();
            })}
        </>
      )}
    </DialogFrame>
  );
}

function VisitRow({
  visit,
  timeZone,
  disabled,
  onAction,
}: {
  visit: OutsideHoursVisit;
  timeZone: string;
  disabled: boolean;
  onAction: (kind: VisitAction['kind']) => void;
}) {
  const when = `${formatDateWithWeekday(visit.date, timeZone)}, ${formatTimeRange(visit.date, visit.duration, timeZone)}`;
  const who = visit.patientName || 'Unknown Patient';
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium">{who}</p>
        <p className="text-muted-foreground">
          {when} · {visit.clinic.toUpperCase()}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          aria-label={`Reschedule ${who}, ${when}`}
          onClick={() => onAction('reschedule')}
        >
          Reschedule
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive"
          disabled={disabled}
          aria-label={`Cancel ${who}, ${when}`}
          onClick={() => onAction('cancel')}
        >
          Cancel visit
        </Button>
      </div>
    </li>
  );
}
