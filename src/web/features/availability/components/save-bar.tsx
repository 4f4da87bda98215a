import { useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { useBottomBarHeight } from '@web/hooks/use-bottom-bar-height';

/** Sticks to the bottom of the page: what state the schedule is in, Save and Discard. */
export function SaveBar({
  dirty,
  canSaveUnchanged,
  problemCount,
  pending,
  error,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  /** Default hours are not stored yet; saving them as they are is a real change. */
  canSaveUnchanged: boolean;
  problemCount: number;
  pending: boolean;
  error: string | null;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useBottomBarHeight(bar);
  const status =
    problemCount > 0
      ? `Fix ${problemCount} ${problemCount === 1 ? 'problem' : 'problems'} to save`
      : dirty
        ? 'Unsaved changes'
        : canSaveUnchanged
          ? 'Default hours, not saved yet'
          : 'All changes saved';
  return (
    <div
      ref={bar}
      data-testid="save-bar"
      className="sticky bottom-0 z-10 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur md:-mx-8 md:px-8"
    >
      {error && (
        <p className="mb-2 text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          className={
            problemCount > 0 ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'
          }
          aria-live="polite"
        >
          {status}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" disabled={!dirty || pending} onClick={onDiscard}>
            Discard changes
          </Button>
          <Button
            disabled={pending || problemCount > 0 || !(dirty || canSaveUnchanged)}
            onClick={onSave}
          >
            {pending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
    </div>
  );
}
