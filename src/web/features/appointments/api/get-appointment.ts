import { queryOptions } from '@tanstack/react-query';
import type { Appointment } from '@contracts/appointments';
import { uuidParam } from '@contracts/common';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { detailFreshness } from '@web/lib/query-client';
import { appointmentKeys } from './query-keys';

export const appointmentPath = (id: string) => `/api/appointments/${encodeURIComponent(id)}`;

export function appointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) =>
      // An id that cannot be one (a mistyped ?view= link) is simply not found: asking the server
      // would only bring back its wording of a malformed address.
      uuidParam.safeParse(id).success
        ? apiFetch<Appointment>(appointmentPath(id), {
            signal,
            fallback: 'Failed to fetch appointment',
          })
        : Promise.reject(new ApiError('Appointment not found', 404)),
    ...detailFreshness,
  });
}
