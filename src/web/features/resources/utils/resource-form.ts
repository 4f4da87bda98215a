import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { createResourceBody, type ResourceView } from '@contracts/resources';
import type { ResourceKind } from '@domain/resources';
import { labelled, worded } from '@web/lib/form-schema';

const { shape } = createResourceBody;

/** createResourceBody's rules in the form's words; the hours are the weekly editor's to check. */
export const resourceFormSchema = z.object({
  name: worded(shape.name, labelled('Name')),
  kind: worded(shape.kind, () => 'Choose room or equipment.'),
  category: worded(shape.category, labelled('Category')),
  ownHours: z.boolean(),
});

/** What the form holds while it is filled in. */
export interface ResourceFormValues {
  name: string;
  kind: ResourceKind;
  category: string;
  /** Off: it is there whenever the clinic's staff work (weekly null). */
  ownHours: boolean;
}
export type ResourceFormOutput = z.output<typeof resourceFormSchema>;

export const resourceFormResolver = zodResolver(resourceFormSchema) as Resolver<
  ResourceFormValues,
  unknown,
  ResourceFormOutput
>;

/** What the form starts from: the resource as it is, or a new room's defaults. */
export function formValuesOf(resource: ResourceView | null): ResourceFormValues {
  return {
    name: resource?.name ?? '',
    kind: resource?.kind ?? 'room',
    category: resource?.category ?? '',
    ownHours: resource ? resource.weekly !== null : false,
  };
}
