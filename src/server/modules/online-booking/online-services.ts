// The services the public booking page offers (issue 42, ADR 044): the clinic's active services
// marked for online booking, each with its lengths and the online providers who offer it.
import {
  durationsFor,
  offersService,
  SERVICE_PATIENTS,
  type ServicePatients,
} from '@domain/services';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../errors';
import { listBookingServices, type BookingService } from '../services';
import type { OnlineClinic } from './online-clinic';
import * as repo from './online-booking.repository';

export interface OnlineService {
  service: BookingService;
  patientsAllowed: ServicePatients;
}

/** One refusal for a service that is unknown, archived, not online or another clinic's. */
export const SERVICE_NOT_ONLINE = 'This service cannot be booked online.';
export const NOT_FREE = 'This time is no longer free. Please choose another time.';

const asPatients = (value: string): ServicePatients =>
  (SERVICE_PATIENTS as readonly string[]).includes(value) ? (value as ServicePatients) : 'all';

/** The clinic's services a patient may book online, the default first. */
export async function listOnlineServices(
  db: Executor,
  clinic: OnlineClinic,
): Promise<OnlineService[]> {
  const [services, rules] = await Promise.all([
    listBookingServices(db, clinic.id),
    repo.onlineServiceRules(db, clinic.id),
  ]);
  const allowed = new Map(rules.map((r) => [r.id, asPatients(r.patientsAllowed)]));
  return services
    .filter((s) => allowed.has(s.id))
    .map((service) => ({ service, patientsAllowed: allowed.get(service.id)! }));
}

/**
 * The online service asked for, or the default service when none is named (a page from before
 * services). Anything else is refused in the same words, so ids reveal nothing.
 */
async function findOnlineService(
  db: Executor,
  clinic: OnlineClinic,
  serviceId: string | undefined,
): Promise<OnlineService | undefined> {
  const services = await listOnlineServices(db, clinic);
  return services.find((s) => (serviceId ? s.service.id === serviceId : s.service.isDefault));
}

/** For a search of free times: an unknown service is a bad question (400). */
export async function requireOnlineServiceForSlots(
  db: Executor,
  clinic: OnlineClinic,
  serviceId: string | undefined,
) {
  const found = await findOnlineService(db, clinic, serviceId);
  if (!found) throw badRequest(SERVICE_NOT_ONLINE);
  return found;
}

/** For a hold: an unknown service is answered as a time that is not free (409), nothing more. */
export async function requireOnlineServiceForHold(
  db: Executor,
  clinic: OnlineClinic,
  serviceId: string | undefined,
) {
  const found = await findOnlineService(db, clinic, serviceId);
  if (!found) throw conflict(NOT_FREE);
  return found;
}

/**
 * The lengths a patient may book the service for online. The default service offers the clinic's
 * online lengths (its policy from before services), so a clinic that never set up services sees
 * no change; another service offers its own lengths, and an agent's own where they have one.
 */
export function onlineLengths(clinic: OnlineClinic, service: BookingService, agentId?: string) {
  if (service.isDefault) return [...clinic.onlineBooking.durations].sort((a, b) => a - b);
  if (agentId) return offersService(service, agentId) ? durationsFor(service, agentId) : [];
  const own = service.agents
    .filter((a) => clinic.onlineBooking.agentIds.includes(a.agentId))
    .map((a) => a.durationMinutes)
    .filter((m): m is number => m !== null);
  return [...new Set([...service.durations, ...own])];
}

/** The clinic's online providers who offer the service. */
export function onlineProvidersOf(clinic: OnlineClinic, service: BookingService) {
  return clinic.onlineBooking.agentIds.filter((id) => offersService(service, id));
}
