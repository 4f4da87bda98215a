import { Button } from '@web/components/ui/button';
import { DialogClose } from '@web/components/ui/dialog';
import type { WizardStep } from './use-create-wizard';

// Narrower buttons on a phone keep Back, Cancel and Create Appointment on one row at 375px.
const tight = 'px-3 sm:px-4';

/** Back from step 2 on, Cancel, Next on steps 1 and 2, Create Appointment on step 3. */
export function WizardFooter({
  step,
  canGoNext,
  canCreate,
  pending,
  onBack,
  onNext,
  onCreate,
}: {
  step: WizardStep;
  canGoNext: boolean;
  canCreate: boolean;
  pending: boolean;
  onBack: () => void;
  onNext: () => void;
  onCreate: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-t px-4 py-3 sm:px-6 sm:py-4">
      {step > 1 && (
        <Button variant="outline" className={tight} onClick={onBack} disabled={pending}>
          Back
        </Button>
      )}
      <div className="ml-auto flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="ghost" className={tight}>
            Cancel
          </Button>
        </DialogClose>
        {step < 3 ? (
          <Button className={tight} onClick={onNext} disabled={!canGoNext}>
            Next
          </Button>
        ) : (
          <Button className={tight} onClick={onCreate} disabled={!canCreate}>
            {pending ? 'Creating...' : 'Create Appointment'}
          </Button>
        )}
      </div>
    </div>
  );
}
