import { useState } from 'react';
import { Link } from 'react-router';
import type { ImportCounts } from '@contracts/patient-import';
import { IMPORT_OUTCOMES, type ImportOutcome } from '@domain/patient-import';
import { LoadingBlock } from '@web/components/loading-block';
import { Skeleton } from '@web/components/ui/skeleton';
import { QueryStates } from '@web/components/table-states';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { usePatientImportRows } from '../../api/patient-import';
import { PatientPager } from '../patient-pager';

export const OUTCOME_LABELS: Record<ImportOutcome, string> = {
  new: 'New',
  updated: 'Updated',
  unchanged: 'Unchanged',
  duplicate: 'Duplicate',
  invalid: 'Invalid',
};

const OUTCOME_VARIANTS: Record<ImportOutcome, 'default' | 'secondary' | 'destructive' | 'outline'> =
  {
    new: 'default',
    updated: 'secondary',
    unchanged: 'outline',
    duplicate: 'outline',
    invalid: 'destructive',
  };

/**
 * The rows of a checked or applied file with what each comes to and why, filtered by outcome
 * (the counts are the filter's buttons) and paged in file order.
 */
export function ImportRowsTable({ id, counts }: { id: string; counts: ImportCounts }) {
  const [outcome, setOutcome] = useState<ImportOutcome | undefined>(
    counts.invalid > 0 ? 'invalid' : undefined,
  );
  const [pages, setPages] = useState<number[]>([]);
  const after = pages.at(-1);
  const rows = usePatientImportRows(id, { outcome, after }, true);
  const choose = (next: ImportOutcome | undefined) => {
    setOutcome(next);
    setPages([]);
  };
  const total = IMPORT_OUTCOMES.reduce((sum, o) => sum + counts[o], 0);

  return (
    <section aria-labelledby="import-rows-heading" className="rounded-xl border bg-card">
      <div className="space-y-3 p-4">
        <h2 id="import-rows-heading" className="text-base font-semibold">
          Rows
        </h2>
        <div role="group" aria-label="Show rows" className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={outcome === undefined ? 'default' : 'outline'}
            aria-pressed={outcome === undefined}
            onClick={() => choose(undefined)}
          >
            All {total.toLocaleString('en-US')}
          </Button>
          {IMPORT_OUTCOMES.map((o) => (
            <Button
              key={o}
              size="sm"
              variant={outcome === o ? 'default' : 'outline'}
              aria-pressed={outcome === o}
              onClick={() => choose(o)}
            >
              {OUTCOME_LABELS[o]} {counts[o].toLocaleString('en-US')}
            </Button>
          ))}
        </div>
      </div>
      <QueryStates
        query={rows}
        loading={
          <LoadingBlock label="Loading rows…" className="p-4">
            <Skeleton className="h-24 w-full" />
          </LoadingBlock>
        }
        isEmpty={(page) => page.rows.length === 0}
        empty={
          <p className="border-t px-4 py-8 text-center text-sm text-muted-foreground">
            No {outcome ? OUTCOME_LABELS[outcome].toLowerCase() : ''} rows.
          </p>
        }
      >
        {(page) => (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-16">Row</TableHead>
                <TableHead className="w-28">Outcome</TableHead>
                <TableHead>Why</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {page.rows.map((r) => (
                <TableRow key={r.rowNumber}>
                  <TableCell className="tabular-nums">{r.rowNumber}</TableCell>
                  <TableCell>
                    <Badge variant={OUTCOME_VARIANTS[r.outcome]}>{OUTCOME_LABELS[r.outcome]}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-normal break-words">
                    {r.reason ?? (r.outcome === 'new' ? 'A new patient.' : 'Same as the record.')}
                    {r.patientId && (
                      <>
                        {' '}
                        <Link
                          to={`/patients/${r.patientId}`}
                          className="underline underline-offset-2"
                        >
                          Open record
                        </Link>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryStates>
      <PatientPager
        pageNumber={pages.length + 1}
        onPrevious={pages.length > 0 ? () => setPages(pages.slice(0, -1)) : undefined}
        onNext={rows.data?.next ? () => setPages([...pages, rows.data.next!]) : undefined}
        loading={rows.isFetching}
      />
    </section>
  );
}
