import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { LoadingBlock } from '@web/components/loading-block';
import { Button } from '@web/components/ui/button';

/** Where a table would be: why it could not load (the server's own words), and a retry. */
export function TableLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <p className="text-sm text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * Where a query's table would be, in the order every list page decides it: `loading` while it
 * loads, its error and a retry, `empty` when `isEmpty` finds nothing to list, else the table.
 */
export function QueryStates<Data>({
  query,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<Data>;
  loading: ReactNode;
  isEmpty: (data: Data) => boolean;
  empty: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) {
    return <TableLoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return isEmpty(query.data) ? empty : children(query.data);
}

/** Where a page's content would be: why it could not load, and a retry, in a bordered row. */
export function LoadErrorRow({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border p-4">
      <p className="text-sm text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Where a table would be: that there is nothing to list, and what to do about it if anything. */
export function TableEmpty({
  icon: Icon,
  message,
  action,
}: {
  icon: LucideIcon;
  message: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{message}</p>
      {action}
    </div>
  );
}

/**
 * Where a table would be while it loads: `rows` copies of one row of skeleton bars, and the
 * words a screen reader hears (`announce` reads them out as a status).
 */
export function TableSkeleton({
  label,
  announce = false,
  rows = 6,
  className = 'space-y-4 p-4',
  rowClassName = 'flex items-center gap-4',
  children,
}: {
  label: string;
  announce?: boolean;
  rows?: number;
  className?: string;
  rowClassName?: string;
  /** One row's bars. */
  children: ReactNode;
}) {
  return (
    <LoadingBlock label={label} announce={announce} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={rowClassName}>
          {children}
        </div>
      ))}
    </LoadingBlock>
  );
}

/**
 * The bordered card a page's table sits in, busy while its query refetches. With `label` it is a
 * named section (a landmark of its own); without, a plain block inside one.
 */
export function TableCard({
  label,
  busy,
  children,
}: {
  label?: string;
  busy: boolean;
  children: ReactNode;
}) {
  const Frame = label ? 'section' : 'div';
  return (
    <Frame
      aria-label={label}
      aria-busy={busy || undefined}
      className="overflow-hidden rounded-xl border bg-card"
    >
      {children}
    </Frame>
  );
}
