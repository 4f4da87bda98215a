import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ListPatientsQuery } from '@contracts/patients';
import { useDebouncedValue } from '@web/hooks/use-debounced-value';
import { patientListQueryOptions } from '../api/patients';

/** How long typing must pause before the list searches: one request per pause, not per key. */
export const SEARCH_DELAY_MS = 300;

/**
 * The patients page's search, clinic and archived filter, kept in the URL so that Back from a
 * profile returns to the same results; and the pages walked through, as the stack of cursors
 * that led to each, so Previous goes back without the server keeping any state.
 */
export function usePatientList() {
  const [params, setParams] = useSearchParams();
  const clinic = params.get('clinic') ?? undefined;
  const archived = params.get('archived') === '1';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);

  const setParam = useCallback(
    (key: string, value: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Only a settled search goes to the URL.
  const inUrl = params.get('q') ?? '';
  useEffect(() => {
    if (inUrl !== q) setParam('q', q || undefined);
  }, [inUrl, q, setParam]);

  const filters = `${q}\n${clinic ?? ''}\n${archived}`;
  const [cursors, setCursors] = useState<{ filters: string; stack: string[] }>({
    filters,
    stack: [],
  });
  // Another search starts again at its first page.
  const stack = cursors.filters === filters ? cursors.stack : [];
  const query: ListPatientsQuery = {
    ...(q ? { q } : {}),
    ...(clinic ? { clinic } : {}),
    ...(archived ? { archived: true } : {}),
    ...(stack.length ? { after: stack[stack.length - 1] } : {}),
  };
  const list = useQuery(patientListQueryOptions(query));
  const next = list.isPlaceholderData ? null : (list.data?.next ?? null);

  return {
    text,
    setText,
    q,
    clinic,
    setClinic: (value: string | undefined) => setParam('clinic', value),
    archived,
    setArchived: (value: boolean) => setParam('archived', value ? '1' : undefined),
    list,
    /** What the search finds, whatever the page: what an export takes. */
    filters: { q: q || undefined, clinic, archived },
    pageNumber: stack.length + 1,
    goNext: next ? () => setCursors({ filters, stack: [...stack, next] }) : undefined,
    goPrevious: stack.length ? () => setCursors({ filters, stack: stack.slice(0, -1) }) : undefined,
  };
}
