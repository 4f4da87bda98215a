import { lazy, Suspense, useState } from 'react';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { DetailsLoading } from './details-loading';

// The details, their forms and their dialogs load on the first opening, not with the list: a
// list page that is only looked at does not download them (ADR 023).
const DetailsBody = lazy(() => import('./details-body').then((m) => ({ default: m.DetailsBody })));

/** The dialog of View Details, loaded on its first opening (appointment-details-dialog.tsx). */
export function DetailsDialogFrame({ id, onClose }: { id: string | null; onClose: () => void }) {
  // Keep the last appointment on screen while the dialog animates out.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="grid-cols-[minmax(0,1fr)] gap-5 p-4 sm:max-w-4xl sm:p-6">
        {shownId && (
          <Suspense fallback={<DetailsLoading />}>
            <DetailsBody id={shownId} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
