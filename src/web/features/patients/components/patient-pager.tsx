import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** Previous and Next through the cursor's pages; hidden when there is only one page. */
export function PatientPager({
  pageNumber,
  onPrevious,
  onNext,
  loading,
}: {
  pageNumber: number;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
  loading: boolean;
}) {
  if (!onPrevious && !onNext) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t px-4 py-3">
      <Button variant="outline" size="sm" disabled={!onPrevious || loading} onClick={onPrevious}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        Page {pageNumber}
      </span>
      <Button variant="outline" size="sm" disabled={!onNext || loading} onClick={onNext}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
