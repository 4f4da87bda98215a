import { queryOptions } from '@tanstack/react-query';
import type { AgentView, TimeSlotView } from '@contracts/clinics';
import { apiFetch } from '@web/lib/api-client';
import { listFreshness } from '@web/lib/query-client';

/** Every slot query starts with this: a booking, move or schedule change invalidates them all. */
export const slotsQueryKey = ['slots'] as const;

export interface SlotsRequest {
  clinicSlug: string;
  /** Local dates (YYYY-MM-DD) in `timezone`, both included. */
  from: string;
  to: string;
  durationMinutes: number;
  /** One agent, or every bookable agent of the clinic when absent. */
  agentId?: string;
  timezone: string;
  /** The appointment being moved: its own time is not "taken" for itself. */
  excludeAppointmentId?: string;
}

export interface SlotsAnswer {
  timezone: string;
  slots: TimeSlotView[];
}

const slotsPath = (slug: string) => `/api/clinics/${encodeURIComponent(slug)}/slots`;

export function fetchSlots(request: SlotsRequest, signal?: AbortSignal): Promise<SlotsAnswer> {
  return apiFetch<SlotsAnswer>(slotsPath(request.clinicSlug), {
    query: {
      from: request.from,
      to: request.to,
      duration: request.durationMinutes,
      agentId: request.agentId,
      timezone: request.timezone,
      excludeAppointmentId: request.excludeAppointmentId,
    },
    signal,
    fallback: 'Failed to load available times',
  });
}

export function slotsQueryOptions(request: SlotsRequest) {
  const { clinicSlug, ...rest } = request;
  return queryOptions({
    queryKey: [...slotsQueryKey, clinicSlug, rest],
    queryFn: ({ signal }) => fetchSlots(request, signal),
    ...listFreshness,
  });
}

/** The clinic's bookable providers and nurses (the agent filter). */
export function clinicAgentsQueryOptions(clinicSlug: string) {
  return queryOptions({
    queryKey: ['clinics', clinicSlug, 'nurses'],
    queryFn: ({ signal }) =>
      apiFetch<AgentView[]>(`/api/clinics/${encodeURIComponent(clinicSlug)}/nurses`, {
        signal,
        fallback: 'Failed to load providers',
      }),
    ...listFreshness,
  });
}
