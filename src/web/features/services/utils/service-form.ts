import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  createServiceBody,
  DEFAULT_SERVICE_COLOUR,
  NOBODY_OFFERS_IT,
  offeredBySomeone,
  type ServiceView,
} from '@contracts/services';
import type { ServiceKind, ServicePatients } from '@domain/services';
import { labelled, worded, type Wording } from '@web/lib/form-schema';
import { lengthLabel, SERVICE_KIND_LABELS } from '@web/queries/services';

export const KIND_LABELS = SERVICE_KIND_LABELS;

export const PATIENTS_LABELS: Record<ServicePatients, string> = {
  all: 'New and existing patients',
  new: 'New patients only',
  existing: 'Existing patients only',
};

/** The lengths most clinics book, offered as ticks; any other is added by hand. */
export const COMMON_LENGTHS = [10, 15, 20, 30, 45, 60, 90, 120] as const;

export { lengthLabel };

const sentence = (text: string) => {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** A list's own rule ("choose at least one length") or one item's ("Each length must be …"). */
const listWording =
  (each: string): Wording =>
  (issue) =>
    sentence(issue.path.length > 0 ? `${each} ${issue.message}` : issue.message);

const { shape } = createServiceBody;

/** What a service needs besides its provider (ADR 045): the form's three choices. */
export const NEED_CHOICES = ['none', 'category', 'one'] as const;
export type NeedChoice = (typeof NEED_CHOICES)[number];

/**
 * createServiceBody's rules in the form's words; the output is the body the server takes. Who
 * offers it is sent only when not everyone does.
 */
export const serviceFormSchema = z
  .object({
    name: worded(shape.name, labelled('Name')),
    durations: worded(shape.durations, listWording('Each length')),
    bufferBeforeMinutes: worded(shape.bufferBeforeMinutes, labelled('Buffer before')),
    bufferAfterMinutes: worded(shape.bufferAfterMinutes, labelled('Buffer after')),
    kind: worded(shape.kind, () => 'Choose how the visit happens.'),
    location: worded(shape.location, labelled('Location')),
    colour: worded(shape.colour, labelled('Colour')),
    offeredByAll: z.boolean(),
    agents: worded(shape.agents, listWording('Their own length')),
    bookableOnline: z.boolean(),
    patientsAllowed: worded(shape.patientsAllowed, () => 'Choose which patients may book it.'),
    instructions: worded(shape.instructions, labelled('Instructions')),
    need: z.enum(NEED_CHOICES),
    resourceCategory: z.string(),
    resourceId: z.string(),
  })
  // Said beside the other fields' problems, not only once they are mended.
  .refine(
    (body) => offeredBySomeone({ ...body, agents: Array.isArray(body.agents) ? body.agents : [] }),
    {
      message: sentence(NOBODY_OFFERS_IT),
      path: ['agents'],
      when: () => true,
    },
  )
  .refine((body) => body.need !== 'category' || body.resourceCategory.trim() !== '', {
    message: 'Choose the category of rooms or equipment it needs.',
    path: ['resourceCategory'],
    when: () => true,
  })
  .refine((body) => body.need !== 'one' || body.resourceId !== '', {
    message: 'Choose the room or piece of equipment it needs.',
    path: ['resourceId'],
    when: () => true,
  })
  .transform(({ need, resourceCategory, resourceId, ...body }) => ({
    ...body,
    agents: body.offeredByAll ? [] : body.agents,
    resourceCategory: need === 'category' ? resourceCategory.trim() : null,
    resourceId: need === 'one' ? resourceId : null,
  }));

/** What the form holds while it is filled in: every field present, text where one is typed. */
export interface ServiceFormValues {
  name: string;
  durations: number[];
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  kind: ServiceKind;
  location: string;
  colour: string;
  offeredByAll: boolean;
  agents: Array<{ id: string; durationMinutes: number | null }>;
  bookableOnline: boolean;
  patientsAllowed: ServicePatients;
  instructions: string;
  need: NeedChoice;
  /** The category chosen when `need` is 'category'; kept while another choice is tried. */
  resourceCategory: string;
  /** The resource chosen when `need` is 'one'. */
  resourceId: string;
}
export type ServiceFormOutput = z.output<typeof serviceFormSchema>;

/** The form's resolver: the schema reads what the form holds (a narrower input than it takes). */
export const serviceFormResolver = zodResolver(serviceFormSchema) as Resolver<
  ServiceFormValues,
  unknown,
  ServiceFormOutput
>;

/** What the form starts from: the service as it is, or a new one's defaults. */
export function formValuesOf(service: ServiceView | null): ServiceFormValues {
  if (!service) {
    return {
      name: '',
      durations: [30],
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      kind: 'in_person',
      location: '',
      colour: DEFAULT_SERVICE_COLOUR,
      offeredByAll: true,
      agents: [],
      bookableOnline: false,
      patientsAllowed: 'all',
      instructions: '',
      need: 'none',
      resourceCategory: '',
      resourceId: '',
    };
  }
  return {
    name: service.name,
    durations: [...service.durations],
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    kind: service.kind,
    location: service.location ?? '',
    colour: service.colour,
    offeredByAll: service.offeredByAll,
    agents: service.agents.map(({ id, durationMinutes }) => ({ id, durationMinutes })),
    bookableOnline: service.bookableOnline,
    patientsAllowed: service.patientsAllowed,
    instructions: service.instructions ?? '',
    need: service.resourceId ? 'one' : service.resourceCategory ? 'category' : 'none',
    resourceCategory: service.resourceCategory ?? '',
    resourceId: service.resourceId ?? '',
  };
}

/**
 * The lengths with `minutes` ticked or not: the first stays the one offered first (the first
 * ticked when there was none), the others in order of length.
 */
export function toggleLength(durations: readonly number[], minutes: number, on: boolean) {
  const kept = durations.filter((d) => d !== minutes);
  const next = on ? [...kept, minutes] : kept;
  const [first, ...rest] = next;
  return first === undefined ? [] : [first, ...rest.sort((a, b) => a - b)];
}

/** The lengths with `minutes` offered first, the others in order of length. */
export function offerFirst(durations: readonly number[], minutes: number) {
  return [minutes, ...durations.filter((d) => d !== minutes).sort((a, b) => a - b)];
}

/** "45 min", or "30 min (also 15, 45 and 60 min)": the first is the one offered first. */
export function describeLengths(durations: readonly number[]): string {
  const [first, ...others] = durations;
  if (first === undefined) return '';
  if (others.length === 0) return lengthLabel(first);
  const also = others.map(lengthLabel);
  const last = also.pop();
  return `${lengthLabel(first)} (also ${also.length ? `${also.join(', ')} and ` : ''}${last})`;
}

/** "None", "15 min after", "5 min before, 15 min after". */
export function describeBuffers(
  service: Pick<ServiceView, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>,
) {
  const parts = [
    service.bufferBeforeMinutes > 0 ? `${lengthLabel(service.bufferBeforeMinutes)} before` : null,
    service.bufferAfterMinutes > 0 ? `${lengthLabel(service.bufferAfterMinutes)} after` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'None';
}

/** "Everyone who sees patients", or the chosen names with their own lengths. */
export function describeOfferedBy(service: Pick<ServiceView, 'offeredByAll' | 'agents'>) {
  if (service.offeredByAll) return 'Everyone who sees patients';
  return service.agents
    .map((a) => (a.durationMinutes ? `${a.name} (${lengthLabel(a.durationMinutes)})` : a.name))
    .join(', ');
}

/**
 * "Needs any Treatment room", "Needs Ultrasound", or null for a service that needs nothing
 * besides its provider. `resourceName` names a resource by id (undefined while unknown).
 */
export function describeNeed(
  service: Pick<ServiceView, 'resourceCategory' | 'resourceId'>,
  resourceName: (id: string) => string | undefined,
): string | null {
  if (service.resourceId)
    return `Needs ${resourceName(service.resourceId) ?? 'a room or equipment'}`;
  if (service.resourceCategory) return `Needs any ${service.resourceCategory}`;
  return null;
}
