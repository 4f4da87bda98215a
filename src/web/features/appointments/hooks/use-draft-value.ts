import { useEffect, useState } from 'react';

/**
 * A text field whose committed value lives elsewhere (the URL): typing edits a draft that is
 * committed after a pause, and a change from outside (Clear filters, Back) replaces the draft
 * unless it only differs by spaces the commit trimmed away.
 */
export function useDraftValue(
  committed: string | undefined,
  onCommit: (value: string) => void,
  delayMs = 350,
) {
  const value = committed ?? '';
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft.trim() !== value) setDraft(value);
  }

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onCommit(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit, delayMs]);

  return { draft, setDraft, commitNow: () => onCommit(draft) };
}
