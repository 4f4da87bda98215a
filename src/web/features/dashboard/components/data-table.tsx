import { useId, type ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { cn } from '@web/lib/utils';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * A chart's text alternative: the same numbers as a table, behind a toggle so it does not
 * lengthen the page for those who read the chart.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const id = useId();
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
        Show the data as a table
      </summary>
      <Table
        containerClassName="mt-2 max-h-80 overflow-auto rounded-md border"
        aria-describedby={id}
      >
        <TableCaption id={id} className="sr-only">
          {caption}
        </TableCaption>
        {/* Sticks to the top of the box, which scrolls when the rows are many. */}
        <TableHeader className="sticky top-0 bg-muted">
          <TableRow>
            {columns.map((c) => (
              <TableHead key={c.header} className={cn('h-8', c.numeric && 'text-right')}>
                {c.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <TableHead key={c.header} scope="row" className="py-1 font-normal">
                    {c.cell(row)}
                  </TableHead>
                ) : (
                  <TableCell
                    key={c.header}
                    className={cn('py-1', c.numeric && 'text-right tabular-nums')}
                  >
                    {c.cell(row)}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  );
}
