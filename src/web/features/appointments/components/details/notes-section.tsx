import { useId, useState } from 'react';
import { Loader2Icon, PencilIcon } from 'lucide-react';
import { toast } from 'sonner';
import { NOTES_MAX } from '@contracts/appointments';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { useEditNotes } from '../../api/edit-notes';

/**
 * The notes typed when booking, shown where staff look for them, and editable: what the patient
 * said on the phone is often known only after the booking.
 */
export function NotesSection({ id, notes }: { id: string; notes: string | null }) {
  const headingId = useId();
  const fieldId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const edit = useEditNotes();
  const editing = draft !== null;
  const unchanged = (draft ?? '').trim() === (notes ?? '').trim();

  function save() {
    if (draft === null) return;
    edit.mutate(
      { id, notes: draft },
      {
        onSuccess: () => {
          toast.success('Appointment updated successfully');
          setDraft(null);
        },
        onError: (error) => toast.error(error.message || 'Failed to update appointment'),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Notes
        </h3>
        {!editing && (
          <Button size="sm" variant="ghost" onClick={() => setDraft(notes ?? '')}>
            <PencilIcon aria-hidden="true" />
            {notes ? 'Edit notes' : 'Add notes'}
          </Button>
        )}
      </div>
      {editing ? (
        <div className="space-y-2">
          <Label htmlFor={fieldId} className="sr-only">
            Notes
          </Label>
          <Textarea
            id={fieldId}
            rows={3}
            maxLength={NOTES_MAX}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Add any additional notes for this appointment..."
            autoFocus
          />
          <div className="flex gap-2">
            <Button size="sm" onClick={save} disabled={unchanged || edit.isPending}>
              {edit.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              {edit.isPending ? 'Saving...' : 'Save notes'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDraft(null)}
              disabled={edit.isPending}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : notes ? (
        <p className="rounded-lg border bg-muted/30 px-3 py-2 text-sm whitespace-pre-wrap break-words">
          {notes}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">No notes.</p>
      )}
    </section>
  );
}
