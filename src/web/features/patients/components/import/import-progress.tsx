import type { PatientImport } from '@contracts/patient-import';
import { IMPORT_OUTCOMES } from '@domain/patient-import';
import { OUTCOME_LABELS } from './import-rows-table';

/** The counts of a dry run or an apply, as a short list of figures. */
export function ImportCountsList({ imp }: { imp: PatientImport }) {
  if (!imp.counts) return null;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {IMPORT_OUTCOMES.map((o) => (
        <div key={o} className="rounded-lg border bg-background p-3">
          <dt className="text-xs text-muted-foreground">{OUTCOME_LABELS[o]}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {imp.counts![o].toLocaleString('en-US')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** How far an apply has got: a progress bar over the file's rows, read out as it moves. */
export function ImportProgress({ imp }: { imp: PatientImport }) {
  const percent = imp.totalRows === 0 ? 0 : Math.floor((imp.processedRows / imp.totalRows) * 100);
  return (
    <div className="space-y-2 rounded-xl border bg-card p-4 sm:p-6">
      <p id="import-progress-label" className="text-sm font-medium">
        Importing {imp.fileName}…
      </p>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={imp.totalRows}
        aria-valuenow={imp.processedRows}
        aria-valuetext={`${imp.processedRows.toLocaleString('en-US')} of ${imp.totalRows.toLocaleString('en-US')} rows`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {imp.processedRows.toLocaleString('en-US')} of {imp.totalRows.toLocaleString('en-US')} rows
        ({percent}%). You may leave this page: the import goes on.
      </p>
    </div>
  );
}
