// What a clinic books (issue 42, ADR 044): the rules of a service that every booking path
// shares. The rows live in `services` and `service_agents`; these functions take them as values.

export const SERVICE_KINDS = ['in_person', 'video', 'phone'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** Which patients may book a service online. */
export const SERVICE_PATIENTS = ['all', 'new', 'existing'] as const;
export type ServicePatients = (typeof SERVICE_PATIENTS)[number];

export const SERVICE_DURATION_MIN = 5;
export const SERVICE_DURATION_MAX = 480;
export const SERVICE_DURATIONS_MAX = 8;
export const SERVICE_BUFFER_MAX = 240;

/** What the rules below need of a service. */
export interface ServiceRules {
  durations: readonly number[];
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  offeredByAll: boolean;
  /** The agents in service_agents, with their own length where it differs. */
  agents: ReadonlyArray<{ agentId: string; durationMinutes: number | null }>;
  isDefault: boolean;
}

/** Whether the agent offers the service: everyone does, or they are on its list. */
export function offersService(service: ServiceRules, agentId: string): boolean {
  return service.offeredByAll || service.agents.some((a) => a.agentId === agentId);
}

/**
 * The lengths the agent may book the service for, the first being the one offered first: the
 * agent's own length where they have one, else the service's.
 */
export function durationsFor(service: ServiceRules, agentId: string): number[] {
  const own = service.agents.find((a) => a.agentId === agentId)?.durationMinutes;
  return own ? [own] : [...service.durations];
}

export type DurationCheck = { ok: true; minutes: number } | { ok: false; allowed: number[] };

/**
 * The length of a booking of the service with the agent: the one asked for if the service allows
 * it, else its first. The default service takes any length (5–480), as every booking did before
 * services, so the spec's create body books exactly as it always has.
 */
export function bookingDuration(
  service: ServiceRules,
  agentId: string,
  asked: number | undefined,
): DurationCheck {
  const allowed = durationsFor(service, agentId);
  if (asked === undefined) return { ok: true, minutes: allowed[0]! };
  if (service.isDefault && asked >= SERVICE_DURATION_MIN && asked <= SERVICE_DURATION_MAX) {
    return { ok: true, minutes: asked };
  }
  return allowed.includes(asked) ? { ok: true, minutes: asked } : { ok: false, allowed };
}

/** "15, 30 or 45 minutes": the lengths a refusal names. */
export function describeDurations(minutes: readonly number[]): string {
  const texts = minutes.map(String);
  const last = texts.pop();
  return texts.length === 0 ? `${last} minutes` : `${texts.join(', ')} or ${last} minutes`;
}
