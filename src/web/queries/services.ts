import { useQueries, useQuery } from '@tanstack/react-query';
import type { ServiceView } from '@contracts/services';
import { listServicesRoute } from '@contracts/routes/services';
import type { ServiceKind, ServiceRules } from '@domain/services';
import { endpointQuery } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';
import { clinicsQueryOptions } from './clinics';
import { serviceKeys } from './query-keys';

// What a clinic books (issue 42), as the booking wizard, the details dialog, the list and the
// calendar read it: one cached copy per clinic (ADR 002: queries two features read live here).

export type { ServiceView };

export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  in_person: 'In person',
  video: 'Video',
  phone: 'Phone',
};

/**
 * A clinic's services, its default service first (as the server lists them), archived ones
 * included: an appointment keeps the service it was booked for. Booking offers the active ones.
 */
export const clinicServicesQueryOptions = (clinicId: string) =>
  endpointQuery(
    serviceKeys.list(clinicId, 'include'),
    listServicesRoute,
    {
      params: { clinicId },
      query: { archived: 'include' },
      fallback: 'Failed to load the services',
    },
    { ...listFreshness, enabled: clinicId !== '' },
  );

const listOf = (answer: { data: ServiceView[] }) => answer.data;

/** "45 min", "1 h", "1 h 30 min". */
export function lengthLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "15 min kept free after", "5 min kept free before and 15 min after", or null for none. */
export function bufferHint(
  service: Pick<ServiceView, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>,
): string | null {
  const before = service.bufferBeforeMinutes;
  const after = service.bufferAfterMinutes;
  if (before > 0 && after > 0)
    return `${lengthLabel(before)} kept free before and ${lengthLabel(after)} after`;
  if (before > 0) return `${lengthLabel(before)} kept free before`;
  if (after > 0) return `${lengthLabel(after)} kept free after`;
  return null;
}

/** The service as the domain's rules take it (durationsFor, offersService). */
export function serviceRulesOf(service: ServiceView): ServiceRules {
  return {
    durations: service.durations,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    offeredByAll: service.offeredByAll,
    agents: service.agents.map((a) => ({ agentId: a.id, durationMinutes: a.durationMinutes })),
    isDefault: service.isDefault,
  };
}

/** What an appointment booked: its service, or (serviceId null) the clinic's default. */
export function serviceOf(
  services: readonly ServiceView[] | undefined,
  serviceId: string | null,
): ServiceView | undefined {
  if (!services) return undefined;
  return serviceId === null
    ? services.find((s) => s.isDefault)
    : services.find((s) => s.id === serviceId);
}

/**
 * The services of the clinic an appointment belongs to (by slug, as appointments name it).
 * Read from the clinics list the app already holds; nothing is asked until the clinic is known.
 */
export function useClinicServices(clinicSlug: string | undefined) {
  const clinics = useQuery(clinicsQueryOptions);
  const clinicId = clinics.data?.find((c) => c.slug === clinicSlug || c.id === clinicSlug)?.id;
  return useQuery({ ...clinicServicesQueryOptions(clinicId ?? ''), select: listOf });
}

/**
 * The services of several clinics at once (the calendar shows every clinic of the user), as a
 * look-up from an appointment to what it booked: undefined until its clinic's list is in.
 */
export function useServiceLookup(clinics: ReadonlyArray<{ id: string; slug: string }>) {
  return useQueries({
    queries: clinics.map((clinic) => clinicServicesQueryOptions(clinic.id)),
    combine: (results) => {
      const bySlug = new Map<string, ServiceView[]>();
      results.forEach((result, i) => {
        const clinic = clinics[i];
        if (clinic && result.data) {
          bySlug.set(clinic.slug, result.data.data);
          bySlug.set(clinic.id, result.data.data);
        }
      });
      return (appointment: { patient: { clinic: string }; serviceId: string | null }) =>
        serviceOf(bySlug.get(appointment.patient.clinic), appointment.serviceId);
    },
  });
}
