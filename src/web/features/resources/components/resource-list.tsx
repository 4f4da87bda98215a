import type { ResourceView } from '@contracts/resources';
import { RowButton } from '@web/components/row-button';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { describeHours, RESOURCE_KIND_LABELS } from '@web/queries/resources';

export type ResourceAction = 'edit' | 'time-off' | 'archive' | 'restore';

/**
 * A clinic's rooms and equipment by name: one card each on a phone, one row each (a grid of
 * the same cells) from a tablet up, so nothing scrolls sideways at any width.
 */
export function ResourceList({
  resources,
  onAction,
}: {
  resources: readonly ResourceView[];
  onAction: (action: ResourceAction, resource: ResourceView) => void;
}) {
  const columns =
    'md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)_minmax(0,2fr)_auto] md:items-start md:gap-4';
  return (
    <div>
      <div
        aria-hidden="true"
        className={cn(
          'hidden border-b px-4 py-2 text-xs font-medium text-muted-foreground',
          columns,
        )}
      >
        <span>Name</span>
        <span>Kind</span>
        <span>Category</span>
        <span>Hours</span>
        <span className="w-56" />
      </div>
      <ul aria-label="Rooms and equipment, by name" className="divide-y">
        {resources.map((resource) => (
          <li
            key={resource.id}
            aria-label={resource.name}
            className={cn('grid gap-2 p-4', columns, resource.archived && 'text-muted-foreground')}
          >
            <span className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
              <span className="break-words">{resource.name}</span>
              {resource.archived && <Badge variant="secondary">Archived</Badge>}
              {resource.timeOff.length > 0 && (
                <Badge variant="outline">
                  {resource.timeOff.length === 1
                    ? '1 time off'
                    : `${resource.timeOff.length} times off`}
                </Badge>
              )}
            </span>
            <span className="text-sm">
              <span className="text-muted-foreground md:sr-only">Kind: </span>
              {RESOURCE_KIND_LABELS[resource.kind]}
            </span>
            <span className="min-w-0 text-sm break-words">
              <span className="text-muted-foreground md:sr-only">Category: </span>
              {resource.category}
            </span>
            <span className="min-w-0 text-sm break-words">
              <span className="text-muted-foreground md:sr-only">Hours: </span>
              {describeHours(resource.weekly)}
            </span>
            <span className="flex flex-wrap gap-1 md:w-56 md:justify-end">
              <RowButton name={`Edit ${resource.name}`} onClick={() => onAction('edit', resource)}>
                Edit
              </RowButton>
              <RowButton
                name={`Time off for ${resource.name}`}
                onClick={() => onAction('time-off', resource)}
              >
                Time off
              </RowButton>
              {resource.archived ? (
                <RowButton
                  name={`Restore ${resource.name}`}
                  onClick={() => onAction('restore', resource)}
                >
                  Restore
                </RowButton>
              ) : (
                <RowButton
                  name={`Archive ${resource.name}`}
                  ghost
                  onClick={() => onAction('archive', resource)}
                >
                  Archive
                </RowButton>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
