import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';
import { classed } from './classed';

/**
 * A table that scrolls sideways inside its own box when the screen is narrower than its columns.
 * `containerClassName` styles that box, e.g. a height limit that makes it scroll both ways, so
 * a sticky header sticks to the box that actually scrolls.
 */
export function Table({
  className,
  containerClassName,
  ...props
}: ComponentProps<'table'> & { containerClassName?: string }) {
  return (
    <div
      data-slot="table-container"
      className={cn('relative w-full overflow-x-auto', containerClassName)}
    >
      <table
        data-slot="table"
        className={cn('w-full caption-bottom text-sm', className)}
        {...props}
      />
    </div>
  );
}

export const TableHeader = classed('thead', 'table-header', 'bg-muted/40 [&_tr]:border-b');

export const TableBody = classed('tbody', 'table-body', '[&_tr:last-child]:border-0');

export const TableRow = classed('tr', 'table-row', 'border-b');

/**
 * A header cell: a column's (`scope="col"`, the default) in the table header, or a row's
 * (`scope="row"`), which names its row for screen readers and looks like a cell.
 */
export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        scope === 'row'
          ? 'px-3 py-3 text-left align-middle font-medium'
          : 'h-10 px-3 text-left align-middle text-xs font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export const TableCell = classed('td', 'table-cell', 'px-3 py-3 align-middle');

export const TableCaption = classed(
  'caption',
  'table-caption',
  'mt-4 text-sm text-muted-foreground',
);
