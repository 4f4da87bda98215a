import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PASSKEY_NAME_MAX } from '@contracts/passkeys';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { browserSupportsWebAuthn } from '@web/lib/passkey-ceremony';
import { passkeysQuery, useAddPasskey } from '../api/passkeys';
import { PasskeyRow } from './passkey-row';
import { SettingsSection } from './settings-section';

/** Settings → Passkeys: the user's passkeys, named, renamed and removed, and adding one more. */
export function PasskeySettings() {
  const id = useId();
  const passkeys = useQuery(passkeysQuery());
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const supported = browserSupportsWebAuthn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    add.mutate(name.trim() || undefined, {
      onSuccess: (added) => {
        setName('');
        toast.success(`Passkey “${added.name}” added.`);
      },
    });
  };

  return (
    <SettingsSection
      id="passkeys"
      title="Passkeys"
      description="A passkey confirms it is you with this device’s fingerprint, face or screen lock, and cannot be used on a look-alike site. Add one on each device you use."
    >
      <div className="grid gap-5">
        {passkeys.isPending ? (
          <Skeleton className="h-12" />
        ) : passkeys.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {passkeys.error.message}
          </p>
        ) : passkeys.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="divide-y rounded-md border">
            {passkeys.data.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {supported ? (
          <form onSubmit={submit} noValidate className="grid max-w-md gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-name`}>Name of the new passkey</Label>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={PASSKEY_NAME_MAX}
                placeholder="For example: Work laptop"
                onChange={(event) => setName(event.target.value)}
                aria-describedby={add.error ? `${id}-problem` : undefined}
              />
            </div>
            {add.error && (
              <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
                {add.error.message}
              </p>
            )}
            <Button type="submit" className="justify-self-start" disabled={add.isPending}>
              {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">
            This browser cannot create passkeys. Use a recent browser to add one.
          </p>
        )}
      </div>
    </SettingsSection>
  );
}
