import { Loader2Icon } from 'lucide-react';
import { DialogDescription, DialogTitle } from '@web/components/ui/dialog';

/** The details dialog while its code or its appointment is on the way. */
export function DetailsLoading() {
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
      <DialogTitle className="sr-only">Appointment details</DialogTitle>
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      <DialogDescription role="status">Loading appointment...</DialogDescription>
    </div>
  );
}
