import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  clearFilters,
  parseFilters,
  VIEW_PARAM,
  withFilter,
  type FilterKey,
} from '../utils/appointment-filters';

/**
 * The list's filters and the open appointment, kept in the URL. Changes replace the history entry:
 * the Back button leaves the page instead of stepping through every keystroke.
 */
export function useAppointmentFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const viewId = params.get(VIEW_PARAM) || null;

  const setFilter = useCallback(
    (key: FilterKey | 'status', value: string | undefined) =>
      setParams((current) => withFilter(current, key, value), { replace: true }),
    [setParams],
  );
  const resetFilters = useCallback(
    () => setParams((current) => clearFilters(current), { replace: true }),
    [setParams],
  );
  /** "From" and "To" the right way round, in one change. */
  const swapDates = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const from = current.get('dateFrom');
          const to = current.get('dateTo');
          if (from && to) {
            next.set('dateFrom', to);
            next.set('dateTo', from);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setViewId = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(VIEW_PARAM, id);
          else next.delete(VIEW_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { filters, setFilter, resetFilters, swapDates, viewId, setViewId };
}
