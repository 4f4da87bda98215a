import { CopyField } from '@web/components/copy-field';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';

/** The new token's secret with a copy button, and how another system sends it. */
export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const base = `${window.location.origin}/fhir/R4`;

  return (
    <div className="grid gap-4">
      <CopyField
        id="token-secret"
        label="Token"
        value={secret}
        copyLabel="Copy token"
        messages={{
          copied: 'Token copied to clipboard',
          failed: 'Failed to copy the token: select it and copy it by hand.',
        }}
      />
      <div className="grid gap-1.5 text-sm">
        <p className="text-muted-foreground">The other system sends it with each request:</p>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
          {`curl -H "Authorization: Bearer <token>" \\\n  ${base}/Appointment?date=ge2026-01-01`}
        </pre>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
