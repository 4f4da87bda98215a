import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';

/** A column's heading; with a class, e.g. to hide the column on small screens. */
export type ListColumn = string | { label: string; className: string };

/**
 * A list as a table: its caption for screen readers, its headings and, last, the column of each
 * row's buttons (unless it has none), named Actions for screen readers only. The rows are the
 * caller's.
 */
export function ListTable({
  caption,
  columns,
  className,
  actions = true,
  actionsClassName,
  children,
}: {
  caption: string;
  columns: readonly ListColumn[];
  className?: string;
  /** Without a column of buttons, a list only to read. */
  actions?: boolean;
  actionsClassName?: string;
  children: ReactNode;
}) {
  return (
    <Table className={className}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <TableHead key={column}>{column}</TableHead>
            ) : (
              <TableHead key={column.label} className={column.className}>
                {column.label}
              </TableHead>
            ),
          )}
          {actions && (
            <TableHead className={actionsClassName}>
              <span className="sr-only">Actions</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
