import { useId, useState } from 'react';
import { CheckIcon, CopyIcon, ExternalLinkIcon, RotateCcwIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useResetAppointmentLink } from '../../api/reset-link';
import { useCopyLink } from '../../hooks/use-copy-link';
import { sessionLinkFor } from '../../utils/session-link';

/**
 * The patient's session link, to copy into a message or open here. It stays the same for the
 * life of the appointment; Reset link (after a confirmation) replaces it when it went astray.
 */
export function SessionLinkBox({
  token,
  appointmentId,
  canReset = false,
}: {
  token: string;
  appointmentId?: string;
  /** Only an upcoming, open appointment's link can be reset. */
  canReset?: boolean;
}) {
  const id = useId();
  const link = sessionLinkFor(token);
  const { copied, copy } = useCopyLink();
  const [confirming, setConfirming] = useState(false);
  const reset = useResetAppointmentLink();
  const doReset = () => {
    if (!appointmentId) return;
    reset.mutate(appointmentId, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Link reset. The patient was sent the new link.');
      },
      onError: (error) => toast.error(error.message || 'Failed to reset the link'),
    });
  };
  return (
    <div className="space-y-2 rounded-lg border bg-muted/40 p-4">
      <Label htmlFor={id}>Session URL</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={link}
          className="bg-background font-mono text-xs md:text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-nowrap">
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={() => void copy(link)}>
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? 'Copied!' : 'Copy Link'}
          </Button>
          <Button variant="outline" className="flex-1 sm:flex-none" asChild>
            <a href={link} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              Open in New Tab
            </a>
          </Button>
          {canReset && appointmentId && !confirming && (
            <Button
              variant="outline"
              className="flex-1 sm:flex-none"
              onClick={() => setConfirming(true)}
            >
              <RotateCcwIcon aria-hidden="true" />
              Reset link
            </Button>
          )}
        </div>
      </div>
      {confirming && (
        <div
          role="group"
          aria-labelledby={`${id}-reset`}
          className="space-y-2 rounded-md border border-destructive/40 bg-background p-3"
        >
          <p id={`${id}-reset`} className="text-sm">
            Reset this link? The link the patient has now will stop working at once, and they will
            be emailed a new one.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" disabled={reset.isPending} onClick={doReset}>
              {reset.isPending ? 'Resetting...' : 'Yes, reset link'}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep link
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
