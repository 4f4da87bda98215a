import { useQuery } from '@tanstack/react-query';
import { OptionsSelect } from '@web/components/options-select';
import { FieldError } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  categoriesOf,
  clinicResourcesQueryOptions,
  RESOURCE_KIND_LABELS,
} from '@web/queries/resources';
import type { NeedChoice } from '../utils/service-form';

const CHOICES: Array<{ value: NeedChoice; label: string }> = [
  { value: 'none', label: 'Nothing' },
  { value: 'category', label: 'Any room or equipment of a category' },
  { value: 'one', label: 'A specific room or piece of equipment' },
];

/**
 * What a service needs besides its provider (ADR 045): nothing, any of the clinic's rooms or
 * equipment of a category, or one of them by name. Only the clinic's active ones are offered;
 * what the service names now stays shown even if it has gone since.
 */
export function NeedsField({
  id,
  clinicId,
  need,
  category,
  resourceId,
  onNeedChange,
  onCategoryChange,
  onResourceChange,
  categoryError,
  resourceError,
}: {
  id: string;
  clinicId: string;
  need: NeedChoice;
  category: string;
  resourceId: string;
  onNeedChange: (need: NeedChoice) => void;
  onCategoryChange: (category: string) => void;
  onResourceChange: (resourceId: string) => void;
  categoryError: string | undefined;
  resourceError: string | undefined;
}) {
  const resources = useQuery(clinicResourcesQueryOptions(clinicId));
  const all = resources.data?.data ?? [];
  const categories = categoriesOf(all);
  if (category && !categories.some((c) => c.toLowerCase() === category.toLowerCase())) {
    categories.push(category);
  }
  const choosable = all.filter((r) => !r.archived || r.id === resourceId);
  const error = need === 'category' ? categoryError : need === 'one' ? resourceError : undefined;

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Needs</legend>
      <div className="grid gap-2 text-sm">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-need`}
              className="size-4 accent-primary"
              checked={need === choice.value}
              onChange={() => onNeedChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {need !== 'none' &&
        (resources.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : resources.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {resources.error.message}
          </p>
        ) : choosable.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            This clinic has no rooms or equipment yet: add them under Rooms and equipment first.
          </p>
        ) : need === 'category' ? (
          <OptionsSelect
            id={`${id}-category`}
            aria-label="Category it needs"
            aria-invalid={categoryError ? true : undefined}
            value={category}
            onChange={onCategoryChange}
            placeholder="Choose a category"
            options={categories.map((c) => ({ value: c, label: c }))}
          />
        ) : (
          <OptionsSelect
            id={`${id}-resource`}
            aria-label="Room or equipment it needs"
            aria-invalid={resourceError ? true : undefined}
            value={resourceId}
            onChange={onResourceChange}
            placeholder="Choose a room or piece of equipment"
            options={choosable.map((r) => ({
              value: r.id,
              label: `${r.name} (${RESOURCE_KIND_LABELS[r.kind].toLowerCase()}${r.archived ? ', archived' : ''})`,
            }))}
          />
        ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
