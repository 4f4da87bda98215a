import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@web/components/ui/button';
import { TitledDialog } from '@web/components/dialog-frame';
import { DialogFooter } from '@web/components/ui/dialog';

/** Asks before leaving the page (in the app or the browser) while changes are unsaved. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <TitledDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      showCloseButton={false}
      className="sm:max-w-md"
      title="Leave without saving?"
      description="Your changes to this availability have not been saved."
    >
      <DialogFooter>
        <Button variant="outline" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button variant="destructive" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
