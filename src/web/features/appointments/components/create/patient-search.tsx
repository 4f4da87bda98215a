import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Loader2Icon, SearchIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import {
  searchPatients,
  type PatientSearchRequest,
  type PatientSearchResult,
} from '../../api/search-patients';

export interface PatientSearchProps {
  clinic: string;
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  onSelect: (patient: PatientSearchResult) => void;
  /** Offered once a search has answered, so a patient not found can be added there and then. */
  onAddNew: (keyword: string) => void;
  /** The add-patient form is open: no need to offer it again. */
  adding?: boolean;
  /** Focus left the search (field, button and results) for somewhere else. */
  onBlur?: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  error?: string;
}

/** Spec §2 "Patient Search": by button or Enter, results drop down, choosing fills the email. */
export function PatientSearch(props: PatientSearchProps) {
  const { clinic, keyword, onKeywordChange, onSelect, onAddNew, error } = props;
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [showResults, setShowResults] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const search = useMutation({
    mutationFn: (request: PatientSearchRequest) => searchPatients(request),
    onSuccess: () => setShowResults(true),
    onError: () => toast.error('Failed to fetch patients'),
  });

  function runSearch() {
    const trimmed = keyword.trim();
    if (trimmed === '' || clinic === '') return;
    search.mutate({ clinic, keyword: trimmed });
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      runSearch();
    } else if (event.key === 'ArrowDown' && showResults) {
      event.preventDefault();
      listRef.current?.querySelector('button')?.focus();
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const buttons = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[at + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
  }

  const results = search.data ?? [];
  const answered = search.isSuccess && showResults;
  return (
    <div
      className="grid gap-2"
      onBlur={(event) => {
        // Leaving for the Search button or a result is still searching; only leaving the area counts.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) props.onBlur?.();
      }}
    >
      <Label htmlFor={inputId}>
        Patient Search
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </Label>
      <div className="flex gap-2">
        <Input
          ref={props.inputRef}
          id={inputId}
          autoComplete="off"
          placeholder="Enter patient name or email..."
          value={keyword}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            onKeywordChange(event.target.value);
            // Spec §5: clearing the input clears the results.
            if (event.target.value === '') {
              search.reset();
              setShowResults(false);
            }
          }}
          onKeyDown={onInputKeyDown}
        />
        <Button variant="outline" onClick={runSearch} disabled={keyword.trim() === ''}>
          {search.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SearchIcon aria-hidden="true" />
          )}
          Search
        </Button>
      </div>
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
      <div aria-live="polite" className="grid gap-2">
        {search.isError && (
          <p className="text-sm text-destructive">Failed to search patients. Please try again.</p>
        )}
        {answered && results.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No patients found. Try a different search term.
          </p>
        )}
      </div>
      {answered && results.length > 0 && (
        <ul
          ref={listRef}
          aria-label={`${results.length} matching ${results.length === 1 ? 'patient' : 'patients'}`}
          onKeyDown={onListKeyDown}
          className="max-h-60 divide-y overflow-y-auto rounded-md border bg-popover shadow-md"
        >
          {results.map((patient) => (
            <li key={patient.id}>
              <button
                type="button"
                className="flex w-full flex-col items-start px-3 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent"
                // The booking is made for a patient's e-mail (a record from another system may have none).
                disabled={!patient.email}
                onClick={() => {
                  onSelect(patient);
                  setShowResults(false);
                }}
              >
                <span className="font-medium">{patient.fullName || patient.email}</span>
                <span className="text-muted-foreground">
                  {patient.email || 'No e-mail address: add one on their record to book here.'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {answered && !props.adding && (
        <Button
          variant="link"
          className="h-auto justify-self-start p-0"
          onClick={() => onAddNew(keyword.trim())}
        >
          Add new patient
        </Button>
      )}
    </div>
  );
}
