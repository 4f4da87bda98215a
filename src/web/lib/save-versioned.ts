import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';

/**
 * Sends a clinic form's `body`: a new item when `item` is null, else a change to `item` at the
 * version the form opened with, so a change made meanwhile is refused. Says by its name what was
 * done, then `onDone`.
 */
export function saveVersioned<Body>(
  save: UseMutationResult<{ name: string }, Error, { id?: string; body: Body }>,
  item: { id: string; version: number } | null,
  body: Body,
  onDone: () => void,
) {
  save.mutate(
    { id: item?.id, body: item ? { ...body, version: item.version } : body },
    {
      onSuccess: (saved) => {
        toast.success(item ? `${saved.name} was saved` : `${saved.name} was added`);
        onDone();
      },
    },
  );
}
