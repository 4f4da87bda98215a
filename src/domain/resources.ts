// Rooms and equipment (ADR 045): what a service needs besides its provider, pure rules only.

/** A room is a FHIR Location; equipment a Device. */
export const RESOURCE_KINDS = ['room', 'equipment'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** What a service needs: any active resource of a category, one named resource, or nothing. */
export type ResourceNeed =
  { kind: 'none' } | { kind: 'category'; category: string } | { kind: 'one'; resourceId: string };

/** A service's need from its two columns (the database keeps at most one of them set). */
export function resourceNeedOf(service: {
  resourceCategory: string | null;
  resourceId: string | null;
}): ResourceNeed {
  if (service.resourceId) return { kind: 'one', resourceId: service.resourceId };
  if (service.resourceCategory) return { kind: 'category', category: service.resourceCategory };
  return { kind: 'none' };
}

/** Whether a resource answers a need: the one named, or one of the category (case aside). */
export function meetsNeed(
  need: ResourceNeed,
  resource: { id: string; category: string; archived: boolean },
): boolean {
  if (resource.archived) return false;
  if (need.kind === 'one') return resource.id === need.resourceId;
  if (need.kind === 'category')
    return resource.category.trim().toLowerCase() === need.category.trim().toLowerCase();
  return false;
}
