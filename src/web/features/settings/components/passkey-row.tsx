import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PASSKEY_NAME_MAX, type PasskeyView } from '@contracts/passkeys';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useRemovePasskey, useRenamePasskey } from '../api/passkeys';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** One passkey: its name and dates, renamed in place, removed after a second click. */
export function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const id = useId();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const problem = rename.error?.message ?? remove.error?.message;

  const save = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ id: passkey.id, name }, { onSuccess: () => setEditing(false) });
  };

  return (
    <li className="grid gap-2 p-3" aria-label={passkey.name}>
      {editing ? (
        <form onSubmit={save} className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-48 flex-1 gap-1.5">
            <Label htmlFor={`${id}-name`}>Passkey name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              autoFocus
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={rename.isPending}>
            Save name
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium break-words">{passkey.name}</p>
            <p className="text-sm text-muted-foreground">
              Added {day.format(new Date(passkey.createdAt))} ·{' '}
              {passkey.lastUsedAt
                ? `last used ${day.format(new Date(passkey.lastUsedAt))}`
                : 'not used yet'}
              {passkey.deviceType === 'multiDevice' ? ' · synced between your devices' : ''}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setName(passkey.name);
                setEditing(true);
              }}
              aria-label={`Rename ${passkey.name}`}
            >
              Rename
            </Button>
            {confirming ? (
              <Button
                size="sm"
                variant="destructive"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(passkey.id, {
                    onSuccess: () => toast.success(`Passkey “${passkey.name}” removed.`),
                    onSettled: () => setConfirming(false),
                  })
                }
              >
                Confirm removal
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setConfirming(true)}
                aria-label={`Remove ${passkey.name}`}
              >
                Remove
              </Button>
            )}
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </li>
  );
}
