import { useId, useState } from 'react';
import { TitledDialog } from '@web/components/dialog-frame';
import { CodeInput } from '@web/components/two-step/code-input';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { FormError } from '@web/components/ui/form-field';
import { useRemoveTotp } from '../api/two-step-settings';

/** Removing the app asks for a code from it, or the password when the phone is gone. */
export function RemoveAuthenticatorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const remove = useRemoveTotp();
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setValue('');
          remove.reset();
        }
        onOpenChange(next);
      }}
      confirmation
      title="Remove the authenticator app?"
      description="You will sign in with your password alone, and remembered browsers are forgotten."
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate(withPassword ? { password: value } : { code: value }, {
            onSuccess: () => onOpenChange(false),
          });
        }}
      >
        {withPassword ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-password`}>Your password</Label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
        ) : (
          <CodeInput
            id={`${id}-code`}
            label="Code from your authenticator app"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        <Button
          type="button"
          variant="link"
          className="justify-self-start px-0"
          onClick={() => {
            setWithPassword(!withPassword);
            setValue('');
          }}
        >
          {withPassword ? 'Use a code from the app instead' : 'Use your password instead'}
        </Button>
        <FormError message={remove.error?.message} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
