import { useId } from 'react';
import { formatTime } from '@domain/format';
import { meetsNeed, resourceNeedOf, type ResourceNeed } from '@domain/resources';
import { OptionsSelect } from '@web/components/options-select';
import { Label } from '@web/components/ui/label';
import { useClinicResources, type ResourceView } from '@web/queries/resources';
import type { ServiceView } from '@web/queries/services';

// What a service needs besides its provider (issue 42, ADR 045): the picker lets staff choose one
// room or machine of its kind, or leave it to the booking (the first free one), and says which
// times are free for the provider but not for any of them.

/** The select's value for "the first free one": the booking chooses. */
export const ANY_RESOURCE = 'any';

export interface ResourceNeedChoice {
  need: ResourceNeed;
  /** The clinic's active resources that meet the need, by name. */
  candidates: ResourceView[];
  /** "treatment room": how the need is said in sentences. */
  noun: string;
}

/** The need of `service` (none for the default or none at all) and the resources that meet it. */
export function useResourceNeed(
  clinicSlug: string,
  service: ServiceView | undefined,
): ResourceNeedChoice {
  const need: ResourceNeed = service ? resourceNeedOf(service) : { kind: 'none' };
  const resources = useClinicResources(need.kind === 'none' ? undefined : clinicSlug);
  const candidates = (resources.data ?? [])
    .filter((r) => meetsNeed(need, r))
    .sort((a, b) => a.name.localeCompare(b.name));
  const noun =
    need.kind === 'category'
      ? need.category.toLowerCase()
      : (candidates[0]?.name ?? 'room or equipment');
  return { need, candidates, noun };
}

/** "Room", "Equipment", or both when the candidates are of both kinds. */
function labelOf(candidates: readonly ResourceView[]): string {
  const kinds = new Set(candidates.map((r) => r.kind));
  if (kinds.size === 1) return kinds.has('equipment') ? 'Equipment' : 'Room';
  return 'Room or equipment';
}

/**
 * Any free one of the service's category, or one of them: shown only when there is a choice (a
 * category with several resources).
 */
export function ResourceSelect({
  choice,
  value,
  onChange,
}: {
  choice: ResourceNeedChoice;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (choice.need.kind !== 'category' || choice.candidates.length < 2) return null;
  return (
    <div className="grid gap-1.5 sm:max-w-sm">
      <Label htmlFor={id}>{labelOf(choice.candidates)}</Label>
      <OptionsSelect
        id={id}
        value={value}
        onChange={onChange}
        options={[
          { value: ANY_RESOURCE, label: `Any free ${choice.noun}` },
          ...choice.candidates.map((r) => ({ value: r.id, label: r.name })),
        ]}
      />
    </div>
  );
}

/** The name of the resource a time would get, when the clinic's list has it. */
export function resourceNameOf(
  choice: ResourceNeedChoice,
  resourceId: string | null | undefined,
): string | null {
  if (!resourceId) return null;
  return choice.candidates.find((r) => r.id === resourceId)?.name ?? null;
}

/** "9:00 AM and 9:30 AM are free for the provider, but no treatment room is." */
export function WithoutResourceNote({
  choice,
  times,
  timeZone,
}: {
  choice: ResourceNeedChoice;
  times: ReadonlyArray<{ startTime: string }>;
  timeZone: string;
}) {
  if (times.length === 0 || choice.need.kind === 'none') return null;
  const starts = [...new Set(times.map((t) => t.startTime))].sort();
  const shown = starts.slice(0, 6).map((start) => formatTime(start, timeZone));
  const more = starts.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
        : shown[0];
  const verb = starts.length > 1 ? 'are' : 'is';
  const what = choice.need.kind === 'one' ? choice.noun : `no ${choice.noun}`;
  return (
    <p className="text-sm text-muted-foreground" data-testid="without-resource">
      {choice.need.kind === 'one'
        ? `${list} ${verb} free for the provider, but ${what} is not.`
        : `${list} ${verb} free for the provider, but ${what} is.`}
    </p>
  );
}
