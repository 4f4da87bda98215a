import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, PencilIcon } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { NOTES_MAX, updateNotesBody } from '@contracts/appointments';
import { Button } from '@web/components/ui/button';
import { FieldError, fieldDescription } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { labelled, worded } from '@web/lib/form-schema';
import { useEditNotes } from '../../api/edit-notes';

// Emptied notes are sent as null (api/edit-notes); the field itself is text.
const notesForm = z.object({
  notes: worded(updateNotesBody.shape.notes.unwrap(), labelled('Notes')),
});

/**
 * The notes typed when booking, shown where staff look for them, and editable: what the patient
 * said on the phone is often known only after the booking.
 */
export function NotesSection({ id, notes }: { id: string; notes: string | null }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Notes
        </h3>
        {!editing && (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            {notes ? 'Edit notes' : 'Add notes'}
          </Button>
        )}
      </div>
      {editing ? (
        <NotesForm id={id} notes={notes} onDone={() => setEditing(false)} />
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

/** Mounted for each edit, so it starts from the notes as they are now. */
function NotesForm({
  id,
  notes,
  onDone,
}: {
  id: string;
  notes: string | null;
  onDone: () => void;
}) {
  const fieldId = useId();
  const edit = useEditNotes();
  const { register, control, handleSubmit, formState } = useForm({
    resolver: zodResolver(notesForm),
    defaultValues: { notes: notes ?? '' },
  });
  const draft = useWatch({ control, name: 'notes' });
  const unchanged = draft.trim() === (notes ?? '').trim();
  const error = formState.errors.notes?.message;

  const save = handleSubmit((body) =>
    edit.mutate(
      { id, notes: body.notes },
      {
        onSuccess: () => {
          toast.success('Appointment updated successfully');
          onDone();
        },
        onError: (error) => toast.error(error.message || 'Failed to update appointment'),
      },
    ),
  );

  return (
    <form className="space-y-2" onSubmit={save} noValidate>
      <Label htmlFor={fieldId} className="sr-only">
        Notes
      </Label>
      <Textarea
        id={fieldId}
        rows={3}
        maxLength={NOTES_MAX}
        placeholder="Add any additional notes for this appointment..."
        autoFocus
        {...register('notes')}
        {...fieldDescription(fieldId, { error })}
      />
      <FieldError id={`${fieldId}-error`} message={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={unchanged || edit.isPending}>
          {edit.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {edit.isPending ? 'Saving...' : 'Save notes'}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
