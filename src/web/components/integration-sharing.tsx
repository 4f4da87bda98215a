import type { ComponentProps } from 'react';
import { Checkbox } from '@web/components/ui/checkbox';

/**
 * What an admin sees of a webhook endpoint or an integration token that also serves clinics they
 * do not administer: it exists, read-only. Only an admin of all its clinics may change it, and the
 * server refuses anyone else (ADR 030), so the page offers them nothing it would refuse.
 */
export const SHARED_WITH_OTHERS = 'Shared with clinics you do not administer';

export function SharedWithOthersNote({ id }: { id?: string }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {SHARED_WITH_OTHERS}. Only an admin of all its clinics can change it.
    </p>
  );
}

/**
 * The "visit links" permission, off unless chosen: with it, the patient's visit link (whose token
 * moves and cancels the visit) goes to the other system. Webhook endpoints and integration tokens
 * both ask it in these words.
 */
export function VisitLinksCheckbox({
  id,
  hint,
  ...input
}: { id: string; hint: string } & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <Checkbox id={id} aria-describedby={`${id}-hint`} {...input} />
        Visit links
      </label>
      <p id={`${id}-hint`} className="pl-6 text-sm text-muted-foreground">
        {hint} Anyone who has a visit link can move or cancel the visit: allow it only for a system
        that sends patients their link.
      </p>
    </div>
  );
}
