import { useId, type ReactNode } from 'react';

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
      <div className="mt-2 max-h-80 overflow-auto rounded-md border">
        <table className="w-full border-collapse text-left" aria-describedby={id}>
          <caption id={id} className="sr-only">
            {caption}
          </caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.header}
                  scope="col"
                  className={`px-3 py-1.5 font-medium ${c.numeric ? 'text-right' : ''}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.header} scope="row" className="px-3 py-1 font-normal">
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td
                      key={c.header}
                      className={`px-3 py-1 ${c.numeric ? 'text-right tabular-nums' : ''}`}
                    >
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
