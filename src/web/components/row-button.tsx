import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';

/**
 * A button in a list's row: small, outlined unless `ghost` (archiving, the quieter act), and
 * named for its row ("Edit Treatment room 2"), since every row shows the same words.
 */
export function RowButton({
  name,
  ghost = false,
  onClick,
  children,
}: {
  name: string;
  ghost?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant={ghost ? 'ghost' : 'outline'} aria-label={name} onClick={onClick}>
      {children}
    </Button>
  );
}
