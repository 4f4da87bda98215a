import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** The page's one <h1>, with room for actions such as "Create Appointment" on the right. */
export function PageHeader({
  title,
  description,
  actions,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mb-6 flex flex-wrap items-start justify-between gap-4', className)}>
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && (
        // Wraps on a narrow screen rather than pushing the page sideways.
        <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div>
      )}
    </div>
  );
}
