import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ListDuplicatePatientsQuery, MergePatientsBody } from '@contracts/patient-merge';
import {
  dismissDuplicateRoute,
  getPatientDuplicatesRoute,
  listDuplicatePatientsRoute,
  mergePatientsRoute,
} from '@contracts/routes/patient-merge';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { patientKeys } from '@web/queries/query-keys';

/** The clinic's likely duplicate pairs, a page at a time ("Show more" asks for the next). */
export function duplicatePairsQueryOptions(query: Omit<ListDuplicatePatientsQuery, 'after'>) {
  return infiniteQueryOptions({
    queryKey: patientKeys.duplicates(query),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(listDuplicatePatientsRoute, {
        query: { ...query, ...(pageParam ? { after: pageParam } : {}) },
        signal,
        fallback: 'Failed to load the possible duplicates',
      }),
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

export function patientDuplicatesQueryOptions(id: string) {
  return endpointQuery(patientKeys.duplicatesOf(id), getPatientDuplicatesRoute, {
    params: { id },
    fallback: 'Failed to load this patient’s possible duplicates',
  });
}

// A merge or a dismissal changes both records, the list and both profiles' cards.
const PATIENT_DATA = [patientKeys.all];

export function useMergePatients() {
  return useWriteThenRefresh(
    ({ keptId, ...body }: MergePatientsBody & { keptId: string }) =>
      callEndpoint(mergePatientsRoute, {
        params: { id: keptId },
        body,
        fallback: 'Failed to merge the records',
      }),
    PATIENT_DATA,
  );
}

export function useDismissDuplicate() {
  return useWriteThenRefresh(
    ({ id, otherId }: { id: string; otherId: string }) =>
      callEndpoint(dismissDuplicateRoute, {
        params: { id },
        body: { otherId },
        fallback: 'Failed to mark the records as different people',
      }),
    PATIENT_DATA,
  );
}
