import { useId } from 'react';
import { CheckIcon, CopyIcon, ExternalLinkIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useCopyLink } from '../../hooks/use-copy-link';
import { sessionLinkFor } from '../../utils/session-link';

/** The patient's session link, to copy into a message or open here. */
export function SessionLinkBox({ token }: { token: string }) {
  const id = useId();
  const link = sessionLinkFor(token);
  const { copied, copy } = useCopyLink();
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
        </div>
      </div>
    </div>
  );
}
