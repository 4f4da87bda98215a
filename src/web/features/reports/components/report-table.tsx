import type { ReportFigures } from '@contracts/reports';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { FIGURE_COLUMNS } from '../utils/report-format';

export interface ReportLine {
  key: string;
  label: string;
  figures: ReportFigures;
}

/**
 * A report's figures as a table: one row per line, each row named by its first cell. Scrolls
 * sideways in its own box, and takes focus so a keyboard can scroll it.
 */
export function ReportTable({
  caption,
  rowHeader,
  lines,
  total,
}: {
  caption: string;
  rowHeader: string;
  lines: readonly ReportLine[];
  total: ReportFigures;
}) {
  return (
    <Table
      containerClassName="rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
      // A region a keyboard can reach and scroll (WCAG 2.1.1): the table is wider than most screens.
      tabIndex={0}
    >
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="whitespace-nowrap">{rowHeader}</TableHead>
          {FIGURE_COLUMNS.map((c) => (
            <TableHead key={c.header} className="text-right whitespace-nowrap">
              {c.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.key}>
            <TableHead scope="row" className="whitespace-nowrap font-medium">
              {line.label}
            </TableHead>
            {FIGURE_COLUMNS.map((c) => (
              <TableCell key={c.header} className="text-right tabular-nums">
                {c.cell(line.figures)}
              </TableCell>
            ))}
          </TableRow>
        ))}
        <TableRow className="bg-muted/40 font-medium">
          <TableHead scope="row">Total</TableHead>
          {FIGURE_COLUMNS.map((c) => (
            <TableCell key={c.header} className="text-right tabular-nums">
              {c.cell(total)}
            </TableCell>
          ))}
        </TableRow>
      </TableBody>
    </Table>
  );
}
