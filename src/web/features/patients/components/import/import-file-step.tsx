import { useId, useState, type FormEvent } from 'react';
import { UploadIcon } from 'lucide-react';
import type { PatientImportUpload } from '@contracts/patient-import';
import { Button } from '@web/components/ui/button';
import { SELECT_TRIGGER_CLASS } from '@web/components/ui/select-trigger-class';
import { useSession } from '@web/lib/session';
import { useUploadPatientImport } from '../../api/patient-import';

/** Files this large are refused by the server too; saying so before sending saves the wait. */
const MAX_BYTES = 50 * 1000 * 1000;

/** Step 1: the file, and the clinic its patients join when the user works at several. */
export function ImportFileStep({
  onUploaded,
}: {
  onUploaded: (upload: PatientImportUpload) => void;
}) {
  const { user } = useSession();
  const clinics = user?.clinics ?? [];
  const [file, setFile] = useState<File | null>(null);
  const [clinic, setClinic] = useState(clinics.length === 1 ? clinics[0]!.slug : '');
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadPatientImport();
  const fileId = useId();
  const clinicId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) return setProblem('Choose the CSV file of your patients.');
    if (file.size >= MAX_BYTES) {
      return setProblem(
        'This file is too large: a patient file must be smaller than 50 MB. Split it into several files and import each.',
      );
    }
    if (!clinic) return setProblem('Choose the clinic these patients belong to.');
    upload.mutate({ file, clinic }, { onSuccess: onUploaded });
  };
  const message = problem ?? (upload.error ? upload.error.message : null);

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="space-y-1.5">
        <label htmlFor={fileId} className="text-sm font-medium">
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.txt,text/csv"
          aria-describedby={message ? errorId : undefined}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <p className="text-xs text-muted-foreground">
          A spreadsheet saved as CSV (UTF-8 or Windows), with a header line naming its columns.
          Smaller than 50 MB.
        </p>
      </div>
      {clinics.length > 1 && (
        <div className="space-y-1.5">
          <label htmlFor={clinicId} className="text-sm font-medium">
            Clinic
          </label>
          <select
            id={clinicId}
            value={clinic}
            onChange={(e) => setClinic(e.target.value)}
            className={`${SELECT_TRIGGER_CLASS} sm:max-w-xs`}
          >
            <option value="">Choose a clinic</option>
            {clinics.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {message && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
      <Button type="submit" disabled={upload.isPending}>
        <UploadIcon aria-hidden="true" />
        {upload.isPending ? 'Uploading…' : 'Upload file'}
      </Button>
    </form>
  );
}
