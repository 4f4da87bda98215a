import type { CapabilityStatementRestResourceSearchParam } from '@medplum/fhirtypes';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './search-request';

// What this server supports, said once: the routes register from RESOURCES, searches accept
// exactly the parameters listed here, and /metadata publishes the same table (capability.ts).

type SearchParam = Required<
  Pick<CapabilityStatementRestResourceSearchParam, 'name' | 'type' | 'documentation'>
> & {
  /** Modifiers accepted (`family:exact`); said in the documentation, which R4 publishes. */
  modifiers?: readonly string[];
};
type Interaction = 'read' | 'search-type' | 'create' | 'update' | 'patch';

interface ResourceSupport {
  interactions: readonly Interaction[];
  searchParams: readonly SearchParam[];
  documentation: string;
  /** `_include` values (`Appointment:patient`) and `_revinclude` values this type answers. */
  includes?: readonly string[];
  revincludes?: readonly string[];
}

const DATE_PREFIXES_TEXT =
  'prefixes eq (the default), ne, lt, gt, le, ge, sa, eb and ap (within a tenth of the time from now, at least a day)';
const lastUpdated: SearchParam = {
  name: '_lastUpdated',
  type: 'date',
  documentation: `When the record last changed (meta.lastUpdated); ${DATE_PREFIXES_TEXT}; repeat to bound both ends.`,
};
const stringSearch = (what: string): SearchParam => ({
  name: '',
  type: 'string',
  documentation: `${what}: starts with the value, case and accents aside; :contains anywhere in it, case and accents aside; :exact exactly.`,
  modifiers: ['exact', 'contains'],
});

const id: SearchParam = {
  name: '_id',
  type: 'token',
  documentation: 'Resource ids, comma-separated for any of several.',
};
const serviceType = (what: string): SearchParam => ({
  name: 'service-type',
  type: 'token',
  documentation: `${what} A service is named urn:carebook:service|{HealthcareService id}, or by its id alone; comma-separated for any of several.`,
});
const count: SearchParam = {
  name: '_count',
  type: 'number',
  documentation: `Entries per page: ${DEFAULT_PAGE_SIZE} unless given, at most ${MAX_PAGE_SIZE}. Further pages are reached by the Bundle's next link.`,
};

export const RESOURCES = {
  Appointment: {
    interactions: ['read', 'search-type', 'create', 'update', 'patch'],
    includes: [
      'Appointment:patient',
      'Appointment:practitioner',
      'Appointment:location',
      'Appointment:actor',
      'Appointment:slot',
    ],
    documentation:
      'Ids are those of the JSON API (GET /api/appointments/{id}). Create books a free time through the same rules as the app (a taken time is 409); update and patch (JSON Patch) cancel (cancelationReason is required), mark fulfilled or noshow, correct a mark, reschedule (start/end), reassign (the Practitioner participant) and edit the comment, each writing the history, notifications and audit the app writes. If-Match with the ETag refuses a change to a version since replaced (412). The room or equipment an appointment uses is a further participant, Location/{room id} or Device/{id} (accepted); a change may send it back as read, but moves to another room are made in the app, and a create books none (one named is 422). serviceType names what is booked with a coding of system urn:carebook:service whose code is the HealthcareService id (every appointment has one: without a service named, the clinic’s default); a create books the service so named (an unknown one, or another clinic’s, is 422; the length must be one the service takes), and its service cannot change afterwards. The session link is the extension http://hl7.org/fhir/5.0/StructureDefinition/extension-Appointment.virtualService, present only for a token an admin gave the visit-links permission, and for a signed-in staff member.',
    searchParams: [
      id,
      {
        name: 'date',
        type: 'date',
        documentation: `Appointment start; ${DATE_PREFIXES_TEXT}; repeat to bound both ends. A date without a time is a UTC day.`,
      },
      lastUpdated,
      {
        name: 'actor',
        type: 'reference',
        documentation:
          'Any participant: Patient/{id}, Practitioner/{id}, Location/{id} (a clinic or a room) or Device/{id}, or an id alone for any of them; comma-separated for any of several.',
      },
      {
        name: 'patient',
        type: 'reference',
        documentation: 'Patient/{id}; comma-separated for any of several.',
      },
      {
        name: 'practitioner',
        type: 'reference',
        documentation: 'Practitioner/{id}; comma-separated for any of several.',
      },
      {
        name: 'location',
        type: 'reference',
        documentation:
          'Location/{id}: a clinic (all its appointments) or one of its rooms; comma-separated for any of several.',
      },
      {
        name: 'service-type',
        type: 'token',
        documentation:
          'The service booked: {system}|{service id} or the service id; comma-separated for any of several.',
      },
      {
        name: 'status',
        type: 'token',
        documentation:
          'booked, fulfilled, cancelled or noshow; comma-separated for any of several.',
      },
      {
        name: '_sort',
        type: 'special',
        documentation: 'date (soonest first, the default) or -date (latest first).',
      },
      count,
    ],
  },
  Slot: {
    interactions: ['read', 'search-type'],
    includes: ['Slot:schedule'],
    documentation:
      'Free times computed from the schedules, bookings and booking rules: of the clinic’s default service, 30 minutes long, unless service-type names another service, whose slots are each provider’s length of it and keep its buffers free. serviceType names the service a slot was computed for; an id names its schedule, start, length and service and stays the same. A read of a slot that was booked since answers status busy. Book one by creating an Appointment whose slot refers to it.',
    searchParams: [
      id,
      {
        name: 'schedule',
        type: 'reference',
        documentation: 'Schedule/{id}; comma-separated for any of several.',
      },
      {
        name: 'start',
        type: 'date',
        documentation: `Slot start; ${DATE_PREFIXES_TEXT}. From now for 7 days unless bounded; at most 31 days at a time.`,
      },
      { name: 'status', type: 'token', documentation: 'free: only free slots are published.' },
      serviceType('The slots of this service, from the providers and nurses who offer it.'),
      count,
    ],
  },
  Schedule: {
    interactions: ['read', 'search-type'],
    documentation:
      'One per bookable provider or nurse and clinic; serviceType lists the services they offer there.',
    searchParams: [
      id,
      {
        name: 'actor',
        type: 'reference',
        documentation: 'Practitioner/{id} or Location/{id}.',
      },
      serviceType('The schedules of those who offer this service.'),
      count,
    ],
  },
  Practitioner: {
    interactions: ['read', 'search-type'],
    documentation:
      'The providers and nurses of your clinics; ids are the JSON API agent ids (/api/clinics/{slug}/nurses).',
    searchParams: [
      id,
      { name: 'name', type: 'string', documentation: 'The start of any word of the name.' },
      count,
    ],
  },
  PractitionerRole: {
    interactions: ['read', 'search-type'],
    documentation: 'A provider or nurse at one clinic.',
    searchParams: [
      id,
      { name: 'practitioner', type: 'reference', documentation: 'Practitioner/{id}.' },
      { name: 'organization', type: 'reference', documentation: 'Organization/{id}.' },
      count,
    ],
  },
  Patient: {
    interactions: ['read', 'search-type', 'create', 'update'],
    revincludes: ['Appointment:patient'],
    documentation:
      'Ids are those of the JSON API. Create needs a family name, and managingOrganization when you have several clinics; the given name and an email in telecom may be left out; an email already registered at the clinic is 409. Update (PUT) replaces the details the record keeps (name, preferred name as a usual name, birth date, gender, e-mail and phone, address, the record number as an identifier of system urn:carebook:record-number, the preferred language), audited and shown in the patient’s history; If-Match with the ETag refuses a change to a version since replaced (412).',
    searchParams: [
      id,
      {
        name: 'name',
        type: 'string',
        documentation:
          'Each word must start a word of the name or email; case and accents do not matter.',
      },
      { ...stringSearch('The family name'), name: 'family' },
      { ...stringSearch('The given or preferred name'), name: 'given' },
      {
        name: 'birthdate',
        type: 'date',
        documentation: `The birth date, a whole day; ${DATE_PREFIXES_TEXT}.`,
      },
      lastUpdated,
      { name: 'gender', type: 'token', documentation: 'male, female, other or unknown.' },
      {
        name: 'phone',
        type: 'token',
        documentation:
          'The number’s digits, however it is written; a country code may be left out.',
      },
      { name: 'email', type: 'token', documentation: 'The exact email, in any case.' },
      {
        name: 'identifier',
        type: 'token',
        documentation:
          'urn:ietf:rfc:3986|urn:uuid:{id}, urn:carebook:record-number|{record number}, or the value alone for either.',
      },
      count,
    ],
  },
  HealthcareService: {
    interactions: ['read', 'search-type'],
    documentation:
      'One per service a clinic books; the id is the service id. type names it as Appointment, Slot and Schedule do (urn:carebook:service|{id}); characteristic says how it happens, as an HL7 v3 ParticipationMode code (FACE in person, VIDEOCONF video, PHONE telephone); comment gives its lengths and buffers, extraDetails the instructions patients get. An archived service is active false: it is read by its id, and a search lists the services offered.',
    searchParams: [
      id,
      {
        name: 'active',
        type: 'token',
        documentation: 'true: the services offered (a search lists no others).',
      },
      { name: 'name', type: 'string', documentation: 'The start of any word of the name.' },
      serviceType('The service itself.'),
      {
        name: 'characteristic',
        type: 'token',
        documentation:
          'How it happens: http://terminology.hl7.org/CodeSystem/v3-ParticipationMode|FACE, VIDEOCONF or PHONE.',
      },
      { name: 'organization', type: 'reference', documentation: 'Organization/{id}.' },
      { name: 'location', type: 'reference', documentation: 'Location/{id}.' },
      count,
    ],
  },
  Organization: {
    interactions: ['read', 'search-type'],
    documentation: 'One per clinic; the id is the clinic id.',
    searchParams: [
      id,
      { name: 'name', type: 'string', documentation: 'The start of any word of the name.' },
      count,
    ],
  },
  Location: {
    interactions: ['read', 'search-type'],
    documentation:
      'One per clinic, with the Organization’s id, and one per room of a clinic, with the room’s id: physicalType ro (http://terminology.hl7.org/CodeSystem/location-physical-type), partOf and managingOrganization the clinic, type the room’s category as text, status inactive once archived (archived rooms are read and searched too). The time zone is the extension http://hl7.org/fhir/StructureDefinition/timezone. An Appointment names its room as a Location participant beside the clinic’s.',
    searchParams: [
      id,
      { name: 'name', type: 'string', documentation: 'The start of any word of the name.' },
      {
        name: 'organization',
        type: 'reference',
        documentation:
          'Organization/{id}: that clinic’s Location and its rooms; comma-separated for any of several.',
      },
      count,
    ],
  },
  Device: {
    interactions: ['read', 'search-type'],
    documentation:
      'One per piece of equipment a clinic books (an ultrasound machine), with its id: deviceName its name (user-friendly-name), type its category as text, owner the clinic’s Organization, status inactive once archived (archived equipment is read and searched too). An Appointment names the equipment it uses as a Device participant.',
    searchParams: [
      id,
      {
        name: 'device-name',
        type: 'string',
        documentation: 'The start of any word of the name.',
      },
      { name: 'name', type: 'string', documentation: 'The same as device-name.' },
      {
        name: 'organization',
        type: 'reference',
        documentation:
          'Organization/{id}: that clinic’s equipment; comma-separated for any of several.',
      },
      count,
    ],
  },
} as const satisfies Record<string, ResourceSupport>;

export type FhirResourceType = keyof typeof RESOURCES;

/** The resource types the API serves, in the CapabilityStatement's order. */
export const FHIR_RESOURCE_TYPES = (): FhirResourceType[] =>
  Object.keys(RESOURCES) as FhirResourceType[];

export function isFhirResourceType(value: string): value is FhirResourceType {
  return Object.hasOwn(RESOURCES, value);
}

export const support = (type: FhirResourceType): ResourceSupport => RESOURCES[type];

/** The names a search of this type accepts, modifiers too (the common ones are SearchRequest's). */
export function searchParamNames(type: FhirResourceType): string[] {
  const { searchParams, includes, revincludes } = support(type);
  return [
    ...searchParams.flatMap((p) => [p.name, ...(p.modifiers ?? []).map((m) => `${p.name}:${m}`)]),
    ...(includes?.length ? ['_include'] : []),
    ...(revincludes?.length ? ['_revinclude'] : []),
  ];
}

/** The `_include` and `_revinclude` values a search of this type answers. */
export function includesOf(type: FhirResourceType) {
  return { includes: support(type).includes ?? [], revincludes: support(type).revincludes ?? [] };
}
