import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import type { AdminUser } from '@contracts/admin';
import { AllOrOneSelect } from '@web/components/all-or-one-select';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useDebouncedValue } from '@web/hooks/use-debounced-value';
import { ALL_STAFF, staffQueryOptions } from '@web/queries/staff';
import {
  dateRangeError,
  hasFilters,
  isId,
  NO_AUDIT_FILTERS,
  PATIENT_NAME_MAX,
  type AuditFilters,
} from '../utils/audit-filters';
import { AUDIT_ACTION_OPTIONS } from '../utils/audit-labels';

const errorText = 'text-xs font-medium text-destructive';

/** Everyone an entry may name, deactivated staff included: their past actions still count. */
const byName = (staff: AdminUser[]) => [...staff].sort((a, b) => a.name.localeCompare(b.name));

/**
 * What is typed in a field, taken anew whenever the filter it sets changes from outside
 * (clearing the filters, Back, a row's "only this patient").
 */
function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [prevValue, setPrevValue] = useState(value);
  if (value !== prevValue) {
    setPrevValue(value);
    setDraft(value);
  }
  return [draft, setDraft] as const;
}

/** A labelled filter: half the bar's width on a phone, a quarter on a wide screen. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="col-span-2 grid gap-2 sm:col-span-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A typed filter: what it filters by now, and how to apply what was typed. */
interface TypedFilterProps {
  value: string;
  onApply: (value: string) => void;
}

function PatientIdField({ value, onApply }: TypedFilterProps) {
  const [draft, setDraft] = useDraft(value);
  const [showError, setShowError] = useState(false);
  const trimmed = draft.trim();
  const invalid = trimmed !== '' && !isId(trimmed);

  function change(next: string) {
    setDraft(next);
    setShowError(false);
    const candidate = next.trim();
    // Only a whole id filters; a half-typed one would match nothing and look like an empty log.
    if (candidate === '' || isId(candidate)) onApply(candidate);
  }

  return (
    <FilterField id="audit-patient" label="Patient id">
      <Input
        id="audit-patient"
        placeholder="e.g. 1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"
        spellCheck={false}
        autoComplete="off"
        value={draft}
        onChange={(event) => change(event.target.value)}
        onBlur={() => setShowError(invalid)}
        aria-invalid={showError && invalid ? true : undefined}
        aria-describedby={showError && invalid ? 'audit-patient-error' : undefined}
      />
      {showError && invalid && (
        <p id="audit-patient-error" className={errorText}>
          Enter the patient&apos;s full id.
        </p>
      )}
    </FilterField>
  );
}

/** How long typing pauses before the name filters: one request per pause, not per key. */
export const PATIENT_NAME_DEBOUNCE_MS = 300;

function PatientNameField({ value, onApply }: TypedFilterProps) {
  const [draft, setDraft] = useDraft(value);
  const settled = useDebouncedValue(draft, PATIENT_NAME_DEBOUNCE_MS);
  useEffect(() => {
    if (settled.trim() !== value.trim()) onApply(settled);
    // Only a pause in typing applies the name; a new value from outside is taken above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <FilterField id="audit-patient-name" label="Patient name">
      <Input
        id="audit-patient-name"
        type="search"
        placeholder="e.g. Ana Gar"
        autoComplete="off"
        maxLength={PATIENT_NAME_MAX}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </FilterField>
  );
}

export function AuditFiltersBar({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}) {
  const users = useQuery({ ...staffQueryOptions(ALL_STAFF), select: byName });
  const rangeError = dateRangeError(filters);
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });

  return (
    <div
      role="group"
      aria-label="Filters"
      className="mb-4 grid grid-cols-2 gap-4 rounded-xl border bg-card p-4 lg:grid-cols-4 lg:items-start"
    >
      <FilterField id="audit-user" label="Staff member">
        <AllOrOneSelect
          id="audit-user"
          allLabel="All staff"
          value={filters.userId || undefined}
          options={(users.data ?? []).map((user) => ({
            value: user.id,
            label: user.active ? user.name : `${user.name} (deactivated)`,
          }))}
          onChange={(userId) => set({ userId: userId ?? '' })}
          keepUnknown
          disabled={users.isPending}
          disabledHint="Loading staff…"
          contentClassName="max-h-72"
        />
        {users.isError && <p className={errorText}>{users.error.message}</p>}
      </FilterField>
      <FilterField id="audit-action" label="Action">
        <AllOrOneSelect
          id="audit-action"
          allLabel="All actions"
          value={filters.action || undefined}
          options={AUDIT_ACTION_OPTIONS}
          onChange={(action) => set({ action: action ?? '' })}
          contentClassName="max-h-72"
        />
      </FilterField>
      <PatientNameField
        value={filters.patientName}
        onApply={(patientName) => set({ patientName })}
      />
      <PatientIdField value={filters.patientId} onApply={(patientId) => set({ patientId })} />
      <DateFilter
        id="audit-from"
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        invalid={Boolean(rangeError)}
        onChange={(from) => set({ from })}
      />
      <DateFilter
        id="audit-to"
        label="To"
        value={filters.to}
        min={filters.from || undefined}
        invalid={Boolean(rangeError)}
        onChange={(to) => set({ to })}
      />
      <div className="col-span-2 flex items-end lg:h-full">
        <Button
          variant="ghost"
          disabled={!hasFilters(filters)}
          onClick={() => onChange(NO_AUDIT_FILTERS)}
        >
          <XIcon aria-hidden="true" />
          Clear filters
        </Button>
      </div>
      {rangeError && (
        <p id="audit-range-error" role="alert" className={`${errorText} col-span-2 lg:col-span-4`}>
          {rangeError}
        </p>
      )}
    </div>
  );
}

/** One end of the date range; both point at the range's one error. */
function DateFilter({
  id,
  label,
  value,
  min,
  max,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? 'audit-range-error' : undefined}
      />
    </div>
  );
}
