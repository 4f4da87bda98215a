import { lazy, Suspense, useState } from 'react';

// The dialog (Radix Dialog with its focus trap and scroll lock) and the details in it load on the
// first opening, together, not with the list: a list only looked at never needs them (ADR 023).
const DetailsDialogFrame = lazy(() => {
  // Asked for alongside the dialog rather than after it has drawn.
  void import('./details-body');
  return import('./details-dialog-frame').then((m) => ({ default: m.DetailsDialogFrame }));
});

/** View Details (spec §2): open while `id` is set, e.g. from `/appointments?view=<id>`. */
export function AppointmentDetailsDialog({
  id,
  onClose,
}: {
  id: string | null;
  onClose: () => void;
}) {
  // Once opened it stays mounted, so it can animate out and open again at once.
  const [opened, setOpened] = useState(id !== null);
  if (id !== null && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DetailsDialogFrame id={id} onClose={onClose} />
    </Suspense>
  );
}
