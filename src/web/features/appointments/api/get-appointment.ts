import { queryOptions } from '@tanstack/react-query';
import { uuidParam } from '@contracts/common';
import { ApiError } from '@web/lib/api-client';
import { callEndpoint } from '@web/lib/endpoint-client';
import { detailFreshness } from '@web/lib/query-client';
import { appointmentKeys } from '@web/queries/query-keys';
import { getAppointmentRoute } from '@contracts/routes/appointments';

export function appointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) =>
      // An id that cannot be one (a mistyped ?view= link) is simply not found: asking the server
      // would only bring back its wording of a malformed address.
      uuidParam.safeParse(id).success
        ? callEndpoint(getAppointmentRoute, {
            params: { id },
            signal,
            fallback: 'Failed to fetch appointment',
          })
        : Promise.reject(new ApiError('Appointment not found', 404)),
    ...detailFreshness,
  });
}
