import type { QueryClient } from '@tanstack/react-query';

/**
 * Every appointment query key starts with 'appointments', and slot queries with 'slots', so one
 * invalidation after a mutation refreshes all appointment data (spec §7): lists, counts, details,
 * date ranges, and the free times the pickers offer.
 */
export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: () => [...appointmentKeys.all, 'list'] as const,
  list: (filters: Record<string, unknown>) => [...appointmentKeys.lists(), filters] as const,
  counts: (filters: Record<string, unknown>) =>
    [...appointmentKeys.all, 'counts', filters] as const,
  detail: (id: string) => [...appointmentKeys.all, 'detail', id] as const,
  range: (params: Record<string, unknown>) => [...appointmentKeys.all, 'range', params] as const,
};

export function refreshAppointmentData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['slots'] }),
  ]);
}
