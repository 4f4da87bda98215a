import { AlertTriangleIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * A booking refused because the provider is busy in their outside calendar (ADR 053): the
 * server's own words, and "Book anyway", which sends the same booking again with the override.
 * Shared by the create wizard, the reschedule dialog and a drag on the calendar.
 */
export function OutsideBusyAlert({
  message,
  pending,
  onBookAnyway,
}: {
  message: string;
  pending: boolean;
  onBookAnyway: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="grid gap-2">
        <p className="font-medium">{message}</p>
        <p className="text-muted-foreground">
          Booking anyway keeps the outside event and records in the audit log that you did.
        </p>
        <div>
          <Button size="sm" variant="outline" disabled={pending} onClick={onBookAnyway}>
            {pending ? 'Booking…' : 'Book anyway'}
          </Button>
        </div>
      </div>
    </div>
  );
}
