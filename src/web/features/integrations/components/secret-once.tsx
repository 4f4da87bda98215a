import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useCopyText } from '@web/hooks/use-copy-text';

/** The new token's secret with a copy button, and how another system sends it. */
export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { copied, copy } = useCopyText({
    copied: 'Token copied to clipboard',
    failed: 'Failed to copy the token: select it and copy it by hand.',
  });
  const base = `${window.location.origin}/fhir/R4`;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="token-secret">Token</Label>
        <div className="flex gap-2">
          <Input
            id="token-secret"
            readOnly
            value={secret}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy(secret)}>
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? 'Copied!' : 'Copy token'}
          </Button>
        </div>
      </div>
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
