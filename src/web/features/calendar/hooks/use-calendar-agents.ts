import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { Appointment } from '@contracts/appointments';
import type { ClinicSummary } from '@contracts/auth';
import { clinicAgentsQueryOptions } from '@web/queries/clinics';

export interface CalendarAgent {
  id: string;
  name: string;
  email: string;
  /** Slugs of the shown clinics the agent works at. */
  clinics: string[];
}

/**
 * The bookable agents of the clinics on screen (the filter's and the day view's columns), plus
 * anyone who holds an appointment in view without being listed (e.g. deactivated since).
 */
export function useCalendarAgents(
  clinics: readonly ClinicSummary[],
  appointments: readonly Appointment[],
) {
  const results = useQueries({
    queries: clinics.map((clinic) => clinicAgentsQueryOptions(clinic.slug)),
  });
  const isPending = results.some((r) => r.isPending);
  const error = results.find((r) => r.error)?.error ?? null;
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');

  const agents = useMemo(() => {
    const byId = new Map<string, CalendarAgent>();
    results.forEach((result, index) => {
      const slug = clinics[index]!.slug;
      for (const agent of result.data ?? []) {
        const known = byId.get(agent._id);
        if (known) known.clinics.push(slug);
        else
          byId.set(agent._id, {
            id: agent._id,
            name: agent.name,
            email: agent.email,
            clinics: [slug],
          });
      }
    });
    for (const a of appointments) {
      if (!byId.has(a.staff.id)) {
        byId.set(a.staff.id, { ...a.staff, clinics: [a.patient.clinic] });
      }
    }
    return [...byId.values()].sort((x, y) => x.name.localeCompare(y.name));
    // dataKey stands for the query results, which are a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataKey, clinics, appointments]);

  return { agents, isPending, error };
}
