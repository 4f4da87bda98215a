import { queryOptions } from '@tanstack/react-query';
import type { listSlotsEndpoint } from '@contracts/clinics';
import type { EndpointResponse } from '@contracts/endpoint';
import { callEndpoint } from '@web/lib/endpoint-client';
import { listFreshness } from '@web/lib/query-client';
import { listSlotsRoute } from '@contracts/routes/clinics';
import { slotKeys } from '@web/queries/query-keys';

export interface SlotsRequest {
  clinicSlug: string;
  /** Local dates (YYYY-MM-DD) in `timezone`, both included. */
  from: string;
  to: string;
  durationMinutes: number;
  /** The service booked (issue 42); absent: the clinic's default service. */
  serviceId?: string;
  /** One agent, or every bookable agent of the clinic when absent. */
  agentId?: string;
  timezone: string;
  /** The appointment being moved: its own time is not "taken" for itself. */
  excludeAppointmentId?: string;
  /** Only times when this room or machine is free (ADR 045); absent: any that the service can use. */
  resourceId?: string;
}

export type SlotsAnswer = EndpointResponse<typeof listSlotsEndpoint>;

export function fetchSlots(request: SlotsRequest, signal?: AbortSignal): Promise<SlotsAnswer> {
  return callEndpoint(listSlotsRoute, {
    params: { slug: request.clinicSlug },
    query: {
      from: request.from,
      to: request.to,
      duration: request.durationMinutes,
      serviceId: request.serviceId,
      agentId: request.agentId,
      timezone: request.timezone,
      excludeAppointmentId: request.excludeAppointmentId,
      resourceId: request.resourceId,
    },
    signal,
    fallback: 'Failed to load available times',
  });
}

export function slotsQueryOptions(request: SlotsRequest) {
  const { clinicSlug, ...rest } = request;
  return queryOptions({
    queryKey: slotKeys.list(clinicSlug, rest),
    queryFn: ({ signal }) => fetchSlots(request, signal),
    ...listFreshness,
  });
}
