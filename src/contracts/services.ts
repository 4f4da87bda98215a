import { z } from 'zod';
import {
  SERVICE_BUFFER_MAX,
  SERVICE_DURATION_MAX,
  SERVICE_DURATION_MIN,
  SERVICE_DURATIONS_MAX,
  SERVICE_KINDS,
  SERVICE_PATIENTS,
} from '@domain/services';
import { multiLineText, safeText, uuidParam, wholeCountOf } from './common';
import { RESOURCE_CATEGORY_MAX } from './resources';
import { defineEndpoint } from './endpoint';
import {
  archiveServiceRoute,
  createServiceRoute,
  listServicesRoute,
  restoreServiceRoute,
  updateServiceRoute,
} from './routes/services';

// What a clinic books (issue 42): its services, managed by its admins, read by all its staff.

export { SERVICE_KINDS, SERVICE_PATIENTS };

export const SERVICE_NAME_MAX = 80;
export const SERVICE_LOCATION_MAX = 300;
export const SERVICE_INSTRUCTIONS_MAX = 2000;
/** The colour a new service gets unless one is chosen (the schema's default). */
export const DEFAULT_SERVICE_COLOUR = '#2563eb';

/** One length a service (or one agent's take on it) may be booked for, 5 minutes to 8 hours. */
export const serviceLength = wholeCountOf('minutes')
  .min(SERVICE_DURATION_MIN, `must be at least ${SERVICE_DURATION_MIN} minutes`)
  .max(SERVICE_DURATION_MAX, 'must be at most 8 hours');

const bufferMinutes = wholeCountOf('minutes')
  .min(0, 'must not be negative')
  .max(SERVICE_BUFFER_MAX, `must be at most ${SERVICE_BUFFER_MAX} minutes`);

/** Blank text is no text: null. */
const optionalText = (max: number) =>
  multiLineText(max)
    .nullable()
    .transform((text) => text || null);

const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;

/** The words the refusal of a service nobody offers says, on the form and from the server. */
export const NOBODY_OFFERS_IT =
  'choose at least one provider or nurse, or offer it to everyone who sees patients';

/** Whether someone offers the service: everyone, or at least one chosen agent. */
export const offeredBySomeone = (body: { offeredByAll: boolean; agents: readonly unknown[] }) =>
  body.offeredByAll || body.agents.length > 0;

/** An agent who offers the service, with their own length where it differs from the service's. */
export const serviceAgentChoice = z.object({
  id: uuidParam,
  durationMinutes: serviceLength.nullable().default(null),
});

/** A service's fields as an admin writes them; what is left out takes the default. */
const serviceFields = {
  name: safeText(SERVICE_NAME_MAX).pipe(z.string().min(2, 'must be at least 2 characters long')),
  /** The lengths it may be booked for, in minutes; the first is the one offered first. */
  durations: z
    .array(serviceLength, { error: 'must be a list of lengths in minutes' })
    .min(1, 'choose at least one length')
    .max(SERVICE_DURATIONS_MAX, `choose at most ${SERVICE_DURATIONS_MAX} lengths`)
    .refine(distinct, 'choose each length once'),
  /** Kept free before each visit (getting a room ready), in minutes. */
  bufferBeforeMinutes: bufferMinutes.default(0),
  /** Kept free after each visit (cleaning, notes), in minutes. */
  bufferAfterMinutes: bufferMinutes.default(0),
  kind: z.enum(SERVICE_KINDS, { error: 'must be in person, video or phone' }),
  /** For a visit in person, where, when not the clinic's address; blank for the clinic's. */
  location: optionalText(SERVICE_LOCATION_MAX).default(null),
  /** The calendar's colour for its appointments, `#rrggbb`. */
  colour: z
    .string({ error: 'must be a colour such as #2563eb' })
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, 'must be a colour such as #2563eb')
    .default(DEFAULT_SERVICE_COLOUR),
  /** Offered by every provider and nurse of the clinic, or only by `agents`. */
  offeredByAll: z.boolean().default(true),
  /**
   * The providers and nurses who offer it (all of them, when `offeredByAll`, may still be listed
   * for a length of their own).
   */
  agents: z
    .array(serviceAgentChoice)
    .max(200, 'at most 200 providers and nurses')
    .refine((agents) => distinct(agents.map((a) => a.id)), 'each provider or nurse once')
    .default([]),
  /** Whether the public booking page offers it. */
  bookableOnline: z.boolean().default(false),
  /** Which patients may book it online. */
  patientsAllowed: z
    .enum(SERVICE_PATIENTS, { error: 'must be all, new or existing' })
    .default('all'),
  /** Shown to the patient in the confirmation, reminders and their visit page. */
  instructions: optionalText(SERVICE_INSTRUCTIONS_MAX).default(null),
  /**
   * What it needs besides its provider (ADR 045): any active room or equipment of this category
   * ("Treatment room"); blank or null for none.
   */
  resourceCategory: safeText(RESOURCE_CATEGORY_MAX)
    .nullable()
    .transform((text) => text || null)
    .default(null),
  /** …or this one room or piece of equipment of the clinic; null for none. */
  resourceId: uuidParam.nullable().default(null),
};

/** The words of the refusal of a service that needs a category and one resource at once. */
export const ONE_NEED = 'choose either a category of rooms or equipment or one of them, not both';

/** Whether a service asks for at most one of a category and a named resource. */
export const needsOneThing = (body: {
  resourceCategory?: string | null;
  resourceId?: string | null;
}) => !(body.resourceCategory && body.resourceId);

const someoneOffersIt = { message: NOBODY_OFFERS_IT, path: ['agents'] };
const oneNeed = { message: ONE_NEED, path: ['resourceId'] };

export const createServiceBody = z
  .object(serviceFields)
  .refine(offeredBySomeone, someoneOffersIt)
  .refine(needsOneThing, oneNeed);
export type CreateServiceBody = z.input<typeof createServiceBody>;
export type ServiceInput = z.output<typeof createServiceBody>;

/** A whole service as it should be, and the version it was read at. */
export const updateServiceBody = z
  .object({
    ...serviceFields,
    version: z.number({ error: 'must be the version you read' }).int().min(1),
  })
  .refine(offeredBySomeone, someoneOffersIt)
  .refine(needsOneThing, oneNeed);
export type UpdateServiceBody = z.input<typeof updateServiceBody>;
export type ServiceUpdate = z.output<typeof updateServiceBody>;

export const serviceView = z.object({
  id: z.string(),
  clinicId: z.string(),
  name: z.string(),
  durations: z.array(z.number().int()),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  kind: z.enum(SERVICE_KINDS),
  location: z.string().nullable(),
  colour: z.string(),
  offeredByAll: z.boolean(),
  /** The agents listed for it, by name, each with their own length or null for the service's. */
  agents: z.array(
    z.object({ id: z.string(), name: z.string(), durationMinutes: z.number().int().nullable() }),
  ),
  bookableOnline: z.boolean(),
  patientsAllowed: z.enum(SERVICE_PATIENTS),
  instructions: z.string().nullable(),
  /** Any room or equipment of this category is needed (ADR 045); null: none. */
  resourceCategory: z.string().nullable(),
  /** This one room or piece of equipment is needed; null: none. */
  resourceId: z.string().nullable(),
  /** What a booking without a service is; it can be changed but never archived. */
  isDefault: z.boolean(),
  archived: z.boolean(),
  version: z.number().int(),
});
export type ServiceView = z.infer<typeof serviceView>;

export const servicesResponse = z.object({ data: z.array(serviceView) });
export type ServicesResponse = z.infer<typeof servicesResponse>;

export const SERVICE_ARCHIVED_FILTERS = ['exclude', 'include', 'only'] as const;

export const servicesQuery = z.object({
  /** Archived services are left out unless asked for (`include`), or alone (`only`). */
  archived: z
    .enum(SERVICE_ARCHIVED_FILTERS, { error: 'must be include, only or exclude' })
    .default('exclude'),
});
export type ServicesQuery = z.input<typeof servicesQuery>;

export const clinicServicesParams = z.object({ clinicId: uuidParam });
export const serviceParams = z.object({ clinicId: uuidParam, serviceId: uuidParam });

const admins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const listServicesEndpoint = defineEndpoint({
  ...listServicesRoute,
  tag: 'Clinics',
  access: 'authenticated',
  summary: 'What a clinic books: its services, by name, for any of its staff',
  description: 'A clinic the caller does not belong to is a 404.',
  params: clinicServicesParams,
  query: servicesQuery,
  responses: { 200: servicesResponse },
  errors: [404],
});

export const createServiceEndpoint = defineEndpoint({
  ...admins,
  ...createServiceRoute,
  summary: 'Add a service to a clinic',
  description:
    'Only an admin of the clinic (else 404). Another active service of the clinic with the same ' +
    'name is a 409; a provider or nurse who is not of the clinic is a 422, and so is a need ' +
    '(`resourceId`, `resourceCategory`) no active room or equipment of the clinic answers.',
  params: clinicServicesParams,
  body: createServiceBody,
  responses: { 201: serviceView },
  errors: [404, 409, 422],
});

export const updateServiceEndpoint = defineEndpoint({
  ...admins,
  ...updateServiceRoute,
  summary: 'Change a service; appointments already booked keep their length and buffers',
  description:
    'Send the `version` you read: a service someone changed meanwhile is a 409, and nothing is ' +
    'saved. The default service is always offered by everyone (else 422).',
  params: serviceParams,
  body: updateServiceBody,
  responses: { 200: serviceView },
  errors: [404, 409, 422],
});

export const archiveServiceEndpoint = defineEndpoint({
  ...admins,
  ...archiveServiceRoute,
  summary: 'Archive a service: no longer offered, its appointments and history kept',
  description: 'The clinic’s default service cannot be archived (422).',
  params: serviceParams,
  responses: { 200: serviceView },
  errors: [404, 422],
});

export const restoreServiceEndpoint = defineEndpoint({
  ...admins,
  ...restoreServiceRoute,
  summary: 'Offer an archived service again',
  description: 'Another active service of the clinic with the same name is a 409.',
  params: serviceParams,
  responses: { 200: serviceView },
  errors: [404, 409],
});
