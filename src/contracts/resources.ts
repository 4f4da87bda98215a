import { z } from 'zod';
import { RESOURCE_KINDS } from '@domain/resources';
import { weeklySegment } from './availability';
import { multiLineText, safeText, uuidParam } from './common';
import { defineEndpoint } from './endpoint';
import {
  addResourceTimeOffRoute,
  archiveResourceRoute,
  createResourceRoute,
  listResourcesRoute,
  removeResourceTimeOffRoute,
  restoreResourceRoute,
  updateResourceRoute,
} from './routes/resources';

// A clinic's rooms and equipment (issue 42, ADR 045): managed by its admins, read by all its
// staff. A service needs one of a category, or one named resource; booking keeps it free.

export { RESOURCE_KINDS };

export const RESOURCE_NAME_MAX = 80;
export const RESOURCE_CATEGORY_MAX = 80;
export const RESOURCE_WEEKLY_MAX = 50;
export const RESOURCE_TIME_OFF_REASON_MAX = 300;

/** A resource's fields as an admin writes them. */
const resourceFields = {
  name: safeText(RESOURCE_NAME_MAX).pipe(z.string().min(1, 'must not be empty')),
  kind: z.enum(RESOURCE_KINDS, { error: 'must be room or equipment' }),
  /** What services ask for ("Treatment room"): several resources may share it. */
  category: safeText(RESOURCE_CATEGORY_MAX).pipe(z.string().min(1, 'must not be empty')),
  /**
   * Its own weekly hours in the clinic's time zone; null: none of its own (it is there whenever
   * the clinic's providers and nurses work).
   */
  weekly: z.array(weeklySegment).max(RESOURCE_WEEKLY_MAX).nullable().default(null),
};

export const createResourceBody = z.object(resourceFields);
export type CreateResourceBody = z.input<typeof createResourceBody>;
export type ResourceInput = z.output<typeof createResourceBody>;

export const updateResourceBody = z.object({
  ...resourceFields,
  version: z.number({ error: 'must be the version you read' }).int().min(1),
});
export type UpdateResourceBody = z.input<typeof updateResourceBody>;
export type ResourceUpdate = z.output<typeof updateResourceBody>;

export const resourceTimeOffView = z.object({
  id: z.string(),
  start: z.string().describe('ISO 8601 instant'),
  end: z.string().describe('ISO 8601 instant'),
  reason: z.string().nullable(),
});
export type ResourceTimeOffView = z.infer<typeof resourceTimeOffView>;

export const resourceView = z.object({
  id: z.string(),
  clinicId: z.string(),
  name: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  category: z.string(),
  weekly: z.array(weeklySegment).nullable(),
  /** Time off that has not ended yet, soonest first. */
  timeOff: z.array(resourceTimeOffView),
  archived: z.boolean(),
  version: z.number().int(),
});
export type ResourceView = z.infer<typeof resourceView>;

export const resourcesResponse = z.object({ data: z.array(resourceView) });
export type ResourcesResponse = z.infer<typeof resourcesResponse>;

export const RESOURCE_ARCHIVED_FILTERS = ['exclude', 'include', 'only'] as const;

export const resourcesQuery = z.object({
  archived: z
    .enum(RESOURCE_ARCHIVED_FILTERS, { error: 'must be include, only or exclude' })
    .default('exclude'),
});
export type ResourcesQuery = z.input<typeof resourcesQuery>;

export const addResourceTimeOffBody = z
  .object({
    start: z.iso.datetime({
      offset: true,
      error: 'must be a date and time such as 2026-12-01T09:00:00Z',
    }),
    end: z.iso.datetime({
      offset: true,
      error: 'must be a date and time such as 2026-12-01T17:00:00Z',
    }),
    reason: multiLineText(RESOURCE_TIME_OFF_REASON_MAX)
      .nullable()
      .transform((text) => text || null)
      .default(null),
  })
  .refine((b) => new Date(b.end) > new Date(b.start), {
    message: 'must be after the start',
    path: ['end'],
  });
export type AddResourceTimeOffBody = z.input<typeof addResourceTimeOffBody>;

export const clinicResourcesParams = z.object({ clinicId: uuidParam });
export const resourceParams = z.object({ clinicId: uuidParam, resourceId: uuidParam });
export const resourceTimeOffParams = resourceParams.extend({ timeOffId: uuidParam });

const admins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const listResourcesEndpoint = defineEndpoint({
  ...listResourcesRoute,
  tag: 'Clinics',
  access: 'authenticated',
  summary: 'A clinic’s rooms and equipment, by name, for any of its staff',
  description: 'A clinic the caller does not belong to is a 404.',
  params: clinicResourcesParams,
  query: resourcesQuery,
  responses: { 200: resourcesResponse },
  errors: [404],
});

export const createResourceEndpoint = defineEndpoint({
  ...admins,
  ...createResourceRoute,
  summary: 'Add a room or a piece of equipment to a clinic',
  description:
    'Only an admin of the clinic (else 404). Another active resource of the clinic with the ' +
    'same name is a 409.',
  params: clinicResourcesParams,
  body: createResourceBody,
  responses: { 201: resourceView },
  errors: [404, 409],
});

export const updateResourceEndpoint = defineEndpoint({
  ...admins,
  ...updateResourceRoute,
  summary: 'Change a resource; appointments already booked keep it',
  description:
    'Send the `version` you read: a resource someone changed meanwhile is a 409, and nothing ' +
    'is saved.',
  params: resourceParams,
  body: updateResourceBody,
  responses: { 200: resourceView },
  errors: [404, 409],
});

export const archiveResourceEndpoint = defineEndpoint({
  ...admins,
  ...archiveResourceRoute,
  summary: 'Archive a resource: no longer booked, its appointments kept',
  description: 'A resource a service names is not archived (422): change the service first.',
  params: resourceParams,
  responses: { 200: resourceView },
  errors: [404, 422],
});

export const restoreResourceEndpoint = defineEndpoint({
  ...admins,
  ...restoreResourceRoute,
  summary: 'Book an archived resource again',
  description: 'Another active resource of the clinic with the same name is a 409.',
  params: resourceParams,
  responses: { 200: resourceView },
  errors: [404, 409],
});

export const addResourceTimeOffEndpoint = defineEndpoint({
  ...admins,
  ...addResourceTimeOffRoute,
  summary: 'Take a resource out of use for a while (maintenance, a closed room)',
  description:
    'No new booking uses it then; appointments already booked in that time keep it, for staff ' +
    'to move to another.',
  params: resourceParams,
  body: addResourceTimeOffBody,
  responses: { 201: resourceView },
  errors: [404, 422],
});

export const removeResourceTimeOffEndpoint = defineEndpoint({
  ...admins,
  ...removeResourceTimeOffRoute,
  summary: 'Put a resource back in use for a time it was taken out of',
  params: resourceTimeOffParams,
  responses: { 200: resourceView },
  errors: [404],
});
