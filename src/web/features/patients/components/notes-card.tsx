import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { addPatientNoteBody, type PatientNote } from '@contracts/patients';
import { formatDate, formatTime } from '@domain/format';
import { Button } from '@web/components/ui/button';
import { FieldError, fieldDescription, FormError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { labelled, worded } from '@web/lib/form-schema';
import { useAddPatientNote } from '../api/patients';
import { NoneYet, ProfileCard } from './profile-card';

const noteForm = z.object({ text: worded(addPatientNoteBody.shape.text, labelled('The note')) });

/** Staff notes, newest first as the server sends them; editors may add one. */
export function NotesCard({
  patientId,
  notes,
  canEdit,
  timeZone,
  className,
}: {
  patientId: string;
  notes: readonly PatientNote[];
  canEdit: boolean;
  timeZone: string;
  className?: string;
}) {
  return (
    <ProfileCard title="Notes" className={className}>
      {canEdit && <AddNoteForm patientId={patientId} />}
      {notes.length === 0 ? (
        <NoneYet>No notes yet.</NoneYet>
      ) : (
        <ul className="divide-y text-sm">
          {notes.map((note) => (
            <li key={note.id} className="grid gap-1 py-3">
              <p className="break-words whitespace-pre-wrap">{note.text}</p>
              <p className="text-xs text-muted-foreground">
                {note.author}, {formatDate(note.at, timeZone)} at {formatTime(note.at, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}

function AddNoteForm({ patientId }: { patientId: string }) {
  const id = useId();
  const add = useAddPatientNote(patientId);
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(noteForm),
    defaultValues: { text: '' },
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.text?.message;
  const save = handleSubmit(({ text }) =>
    add.mutate(text, {
      onSuccess: () => {
        toast.success('Note added');
        reset();
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="mb-4 grid gap-2">
      <Label htmlFor={`${id}-note`}>Add a note</Label>
      <Textarea
        id={`${id}-note`}
        rows={3}
        placeholder="Only staff see notes."
        {...register('text')}
        {...fieldDescription(`${id}-note`, { error })}
      />
      <FieldError id={`${id}-note-error`} message={error} />
      <FormError message={add.error?.message} />
      <Button type="submit" size="sm" className="justify-self-end" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add note'}
      </Button>
    </form>
  );
}
