import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Badge } from '@web/components/ui/badge';
import type { DuplicateReason } from '@domain/patient-duplicates';
import { useDismissDuplicate } from '../api/patient-merge';
import { reasonText } from '../utils/duplicate-labels';

/** Why two records were taken for one person, as small labels. */
export function ReasonBadges({ reasons }: { reasons: readonly DuplicateReason[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {reasons.map((reason) => (
        <Badge key={reason} variant="secondary">
          {reasonText(reason)}
        </Badge>
      ))}
    </span>
  );
}

/** "Compare and merge" and "Not a duplicate", for those who may change records. */
export function DuplicateActions({
  ids,
  names,
  onCompare,
}: {
  ids: readonly [string, string];
  /** Said to a screen reader with each button: which pair it is about. */
  names: string;
  onCompare: () => void;
}) {
  const dismiss = useDismissDuplicate();
  return (
    <span className="flex flex-wrap gap-2">
      <Button size="sm" onClick={onCompare} aria-label={`Compare and merge ${names}`}>
        Compare and merge
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={dismiss.isPending}
        aria-label={`Not a duplicate: ${names}`}
        onClick={() =>
          dismiss.mutate(
            { id: ids[0], otherId: ids[1] },
            {
              onSuccess: () => toast.success('Marked as different people'),
              onError: (error) => toast.error(error.message),
            },
          )
        }
      >
        Not a duplicate
      </Button>
    </span>
  );
}
