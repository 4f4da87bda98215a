import { useId, useState, type FormEvent } from 'react';
import type { ImportMappingBody } from '@contracts/patient-import';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  type ImportField,
} from '@domain/patient-import';
import { Button } from '@web/components/ui/button';
import { SELECT_TRIGGER_CLASS } from '@web/components/ui/select-trigger-class';

const required = new Set<ImportField>(REQUIRED_IMPORT_FIELDS);

/**
 * Step 2: which column of the file fills each field of the record, starting from the clinic's
 * last mapping (or the headers' names). Submitting runs the dry run.
 */
export function ImportMappingForm({
  headers,
  preview,
  initial,
  checking,
  error,
  onCheck,
}: {
  headers: readonly string[];
  preview: readonly string[][];
  initial: ImportMappingBody;
  checking: boolean;
  error: string | null;
  onCheck: (mapping: ImportMappingBody) => void;
}) {
  const [mapping, setMapping] = useState<ImportMappingBody>(initial);
  const [missing, setMissing] = useState<string | null>(null);
  const errorId = useId();
  const example = (header: string | null | undefined) => {
    const index = header ? headers.indexOf(header) : -1;
    return index < 0 ? null : preview.find((row) => row[index]?.trim())?.[index];
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const unset = REQUIRED_IMPORT_FIELDS.filter((f) => !mapping[f]);
    if (unset.length > 0) {
      setMissing(
        `Choose the column for ${unset.map((f) => IMPORT_FIELD_LABELS[f].toLowerCase()).join(', ')}: every patient has one.`,
      );
      return;
    }
    setMissing(null);
    onCheck(mapping);
  };
  const message = missing ?? error;

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border bg-card p-4 sm:p-6">
      <div>
        <h2 className="text-base font-semibold">Match the columns</h2>
        <p className="text-sm text-muted-foreground">
          Choose the column of your file for each field. Fields left on “Not in this file” keep what
          the record has.
        </p>
      </div>
      <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {IMPORT_FIELDS.map((field) => {
          const id = `import-field-${field}`;
          const sample = example(mapping[field]);
          return (
            <div key={field} className="min-w-0 space-y-1">
              <label htmlFor={id} className="text-sm font-medium">
                {IMPORT_FIELD_LABELS[field]}
                {required.has(field) && <span aria-hidden="true"> *</span>}
              </label>
              <select
                id={id}
                value={mapping[field] ?? ''}
                aria-required={required.has(field)}
                onChange={(e) => setMapping({ ...mapping, [field]: e.target.value || null })}
                className={SELECT_TRIGGER_CLASS}
              >
                <option value="">Not in this file</option>
                {headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
              {sample && (
                <p className="truncate text-xs text-muted-foreground">For example: {sample}</p>
              )}
            </div>
          );
        })}
      </div>
      {message && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
      <Button type="submit" disabled={checking}>
        {checking ? 'Checking the file…' : 'Check the file'}
      </Button>
    </form>
  );
}
