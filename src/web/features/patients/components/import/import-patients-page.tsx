import { useEffect, useState } from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import type { PatientImportUpload } from '@contracts/patient-import';
import { ButtonLink } from '@web/components/button-link';
import { LoadingBlock } from '@web/components/loading-block';
import { Skeleton } from '@web/components/ui/skeleton';
import { PageHeader } from '@web/components/page-header';
import { LoadErrorRow } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import {
  useApplyPatientImport,
  useCheckPatientImport,
  usePatientImport,
  useRefreshPatientLists,
} from '../../api/patient-import';
import { ImportFileStep } from './import-file-step';
import { ImportMappingForm } from './import-mapping-form';
import { ImportCountsList, ImportProgress } from './import-progress';
import { ImportRowsTable } from './import-rows-table';

/** /patients/import: upload a CSV file, match its columns, see the dry run, apply it. */
export function ImportPatientsPage() {
  const [upload, setUpload] = useState<PatientImportUpload | null>(null);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <PageHeader
        title="Import patients"
        description="Bring patients in from a spreadsheet: check what each row will do before anything changes."
        actions={
          <ButtonLink to="/patients" icon={ArrowLeftIcon}>
            Patients
          </ButtonLink>
        }
      />
      {upload ? (
        <ImportSteps key={upload.import.id} upload={upload} onRestart={() => setUpload(null)} />
      ) : (
        <ImportFileStep onUploaded={setUpload} />
      )}
    </div>
  );
}

function ImportSteps({
  upload,
  onRestart,
}: {
  upload: PatientImportUpload;
  onRestart: () => void;
}) {
  const id = upload.import.id;
  const imp = usePatientImport(id);
  const check = useCheckPatientImport(id);
  const apply = useApplyPatientImport(id);
  const refreshLists = useRefreshPatientLists();
  const status = imp.data?.status;
  useEffect(() => {
    if (status === 'applied') void refreshLists();
  }, [status, refreshLists]);

  if (imp.isPending)
    return (
      <LoadingBlock label="Loading the import…">
        <Skeleton className="h-40 w-full" />
      </LoadingBlock>
    );
  if (imp.isError)
    return <LoadErrorRow message={imp.error.message} onRetry={() => void imp.refetch()} />;
  const current = imp.data;
  const encoding = { 'utf-8-bom': 'UTF-8', 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252' }[
    upload.encoding
  ];

  return (
    <>
      <p className="text-sm text-muted-foreground">
        {current.fileName}: {current.totalRows.toLocaleString('en-US')} rows, read as {encoding},
        for {current.clinic.name}.{' '}
        {current.status !== 'applying' && current.status !== 'applied' && (
          <Button variant="link" className="h-auto p-0" onClick={onRestart}>
            Choose another file
          </Button>
        )}
      </p>
      {(current.status === 'uploaded' ||
        current.status === 'checked' ||
        current.status === 'failed') && (
        <ImportMappingForm
          headers={upload.headers}
          preview={upload.preview}
          initial={current.mapping ?? upload.suggestedMapping}
          checking={check.isPending}
          error={check.error?.message ?? null}
          onCheck={(mapping) => check.mutate(mapping)}
        />
      )}
      {current.status === 'applying' && <ImportProgress imp={current} />}
      {current.status === 'failed' && current.error && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 p-3 text-sm text-destructive"
        >
          {current.error}
        </p>
      )}
      {current.counts && current.status !== 'applying' && (
        <section
          aria-labelledby="import-result-heading"
          className="space-y-3 rounded-xl border bg-card p-4 sm:p-6"
        >
          <h2 id="import-result-heading" className="text-base font-semibold">
            {current.status === 'applied' ? 'Imported' : 'What this file will do'}
          </h2>
          {current.status === 'applied' && (
            <p role="status" className="text-sm">
              Done: {current.counts.new.toLocaleString('en-US')} patients added and{' '}
              {current.counts.updated.toLocaleString('en-US')} updated.
            </p>
          )}
          <ImportCountsList imp={current} />
          {current.status !== 'applied' && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                onClick={() => apply.mutate()}
                disabled={
                  apply.isPending ||
                  check.isPending ||
                  current.counts.new + current.counts.updated === 0
                }
              >
                {apply.isPending ? 'Starting…' : 'Apply'}
              </Button>
              <span className="text-sm text-muted-foreground">
                {current.counts.new + current.counts.updated === 0
                  ? 'Nothing to import: every row is unchanged, a duplicate or invalid.'
                  : 'Adds the new patients and updates the others. Duplicate and invalid rows are left out.'}
              </span>
            </div>
          )}
          {apply.error && (
            <p role="alert" className="text-sm text-destructive">
              {apply.error.message}
            </p>
          )}
        </section>
      )}
      {current.counts && current.status !== 'applying' && (
        <ImportRowsTable
          key={`${current.status}-${current.processedRows}`}
          id={id}
          counts={current.counts}
        />
      )}
    </>
  );
}
