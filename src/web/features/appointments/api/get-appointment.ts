import { queryOptions } from '@tanstack/react-query';
import type { Appointment } from '@contracts/appointments';
import { apiFetch } from '@web/lib/api-client';
import { detailFreshness } from '@web/lib/query-client';
import { appointmentKeys } from './query-keys';

export const appointmentPath = (id: string) => `/api/appointments/${encodeURIComponent(id)}`;

export function appointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch<Appointment>(appointmentPath(id), {
        signal,
        fallback: 'Failed to fetch appointment',
      }),
    ...detailFreshness,
  });
}
