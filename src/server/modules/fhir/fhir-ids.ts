// The ids of the FHIR resources that have no row of their own. A FHIR id is at most 64 of
// [A-Za-z0-9-.], so a pair of UUIDs (73 characters with dashes) does not fit as it is: each
// UUID is written in 22 characters, its 16 bytes in base64url with "." for "_". The ids are
// stable (the same schedule, role or slot always has the same id) and say what they stand for,
// so a read needs no lookup table.
//
// Records that exist in the JSON API keep its ids: Appointment, Patient, Practitioner (the
// agent), Organization and Location (the clinic).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COMPACT_UUID_LENGTH = 22;

/** A FHIR id (R4 `id` datatype). */
export const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function compactUuid(uuid: string): string {
  return Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url').replaceAll('_', '.');
}

function expandUuid(compact: string): string | null {
  if (!/^[A-Za-z0-9\-.]{22}$/.test(compact)) return null;
  const bytes = Buffer.from(compact.replaceAll('.', '_'), 'base64url');
  if (bytes.length !== 16) return null;
  const hex = bytes.toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  // Only the canonical spelling: two ids must never name one schedule.
  return compactUuid(uuid) === compact ? uuid : null;
}

/** A bookable agent at one clinic: the id of its Schedule and of its PractitionerRole. */
export interface AgentAtClinic {
  agentId: string;
  clinicId: string;
}

export function agentAtClinicId({ agentId, clinicId }: AgentAtClinic): string {
  return `${compactUuid(agentId)}${compactUuid(clinicId)}`;
}

export function parseAgentAtClinicId(id: string): AgentAtClinic | null {
  if (id.length !== 2 * COMPACT_UUID_LENGTH) return null;
  const agentId = expandUuid(id.slice(0, COMPACT_UUID_LENGTH));
  const clinicId = expandUuid(id.slice(COMPACT_UUID_LENGTH));
  return agentId && clinicId ? { agentId, clinicId } : null;
}

/**
 * A slot: a schedule, a start (to the minute, UTC), a length in minutes and, unless it is the
 * clinic's default service's, the service it was computed for.
 */
export interface SlotKey extends AgentAtClinic {
  start: Date;
  durationMinutes: number;
  serviceId?: string;
}

/** A service in a slot id: the first 8 characters of its compact id (48 bits, per clinic). */
const SERVICE_TAG_LENGTH = 8;

export function serviceTag(serviceId: string): string {
  return compactUuid(serviceId).slice(0, SERVICE_TAG_LENGTH);
}

/** `<schedule>-<yyyymmddThhmm>-<minutes>`, e.g. `…-20261124T1500-30`: 62 characters at most. */
export function slotId(key: SlotKey): string {
  if (key.serviceId) {
    // A service's slot names it too; to stay within 64 characters its start is written as
    // minutes since 1970 in base 36: `<schedule>-<start>-<minutes>-<service>`.
    const stamp = Math.floor(key.start.getTime() / 60_000)
      .toString(36)
      .padStart(6, '0');
    return `${agentAtClinicId(key)}-${stamp}-${key.durationMinutes}-${serviceTag(key.serviceId)}`;
  }
  const iso = key.start.toISOString();
  const stamp = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}`;
  return `${agentAtClinicId(key)}-${stamp}-${key.durationMinutes}`;
}

/** A slot id read back: a service's slot carries the service's tag, to be found at its clinic. */
export type ParsedSlotId = Omit<SlotKey, 'serviceId'> & { serviceTag?: string };

export function parseSlotId(id: string): ParsedSlotId | null {
  const schedule = parseAgentAtClinicId(id.slice(0, 2 * COMPACT_UUID_LENGTH));
  const ofService = /^-([0-9a-z]{6})-(\d{1,3})-([A-Za-z0-9\-.]{8})$/.exec(
    id.slice(2 * COMPACT_UUID_LENGTH),
  );
  if (schedule && ofService) {
    const [, stamp, minutes, tag] = ofService;
    const start = new Date(parseInt(stamp!, 36) * 60_000);
    const durationMinutes = Number(minutes);
    if (durationMinutes < 5 || durationMinutes > 480) return null;
    const canonical = `${agentAtClinicId(schedule)}-${stamp}-${durationMinutes}-${tag}`;
    return canonical === id ? { ...schedule, start, durationMinutes, serviceTag: tag! } : null;
  }
  const rest = /^-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})-(\d{1,3})$/.exec(
    id.slice(2 * COMPACT_UUID_LENGTH),
  );
  if (!schedule || !rest) return null;
  const [, y, mo, d, h, mi, minutes] = rest;
  const start = new Date(`${y}-${mo}-${d}T${h}:${mi}:00Z`);
  const durationMinutes = Number(minutes);
  if (Number.isNaN(start.getTime()) || durationMinutes < 5 || durationMinutes > 480) return null;
  // The date must be the one written (no 30 February): the id round-trips or is not ours.
  const key = { ...schedule, start, durationMinutes };
  return slotId(key) === id ? key : null;
}
