import type { ReactNode } from 'react';
import { DownloadIcon } from 'lucide-react';
import type { ReportFigures } from '@contracts/reports';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ReportTable, type ReportLine } from './report-table';

/** A part of the report: its chart, the table of the same numbers beside it, and its CSV file. */
export function ReportSection({
  title,
  description,
  chart,
  rowHeader,
  lines,
  total,
  csvHref,
}: {
  title: string;
  description: string;
  chart: ReactNode;
  rowHeader: string;
  lines: readonly ReportLine[];
  total: ReportFigures;
  csvHref: string;
}) {
  return (
    <Card aria-label={title} role="region">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle level={2}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          {/* A link, not a fetch: the browser saves the file as it comes. */}
          <a href={csvHref} download aria-label={`Download CSV: ${title}`}>
            <DownloadIcon aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {chart}
        <ReportTable caption={title} rowHeader={rowHeader} lines={lines} total={total} />
      </CardContent>
    </Card>
  );
}
