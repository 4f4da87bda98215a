import { badgeVariant, statusLabel } from '@domain/appointment-status';
import { Badge } from '@web/components/ui/badge';

/** Spec §4 styles: confirmed/completed primary, cancelled/no_show destructive, the rest secondary. */
export function StatusBadge({ status, className }: { status?: string | null; className?: string }) {
  return (
    <Badge variant={badgeVariant(status)} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
