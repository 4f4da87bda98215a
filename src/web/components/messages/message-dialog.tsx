import { useQuery } from '@tanstack/react-query';
import { ExternalLinkIcon } from 'lucide-react';
import type { OutboxMessageDetail, RenderedMail } from '@contracts/outbox';
import { TitledDialog } from '@web/components/dialog-frame';
import { Skeleton } from '@web/components/ui/skeleton';
import { Button } from '@web/components/ui/button';
import { outboxMessageQueryOptions } from '@web/queries/outbox';

/** Only links to web addresses are made clickable; anything else stays text. */
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

function MailView({ mail, index }: { mail: RenderedMail; index: number }) {
  const headingId = `outbox-mail-${index}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border p-4">
      <h3 id={headingId} className="text-sm font-medium break-words">
        To: {mail.name ? `${mail.name} ` : ''}
        <span className="text-muted-foreground">&lt;{mail.to}&gt;</span>
      </h3>
      {mail.optedOut ? (
        <p className="text-sm text-muted-foreground">
          Not sent to them: they turned this kind of e-mail off in Settings.
        </p>
      ) : null}
      <p className="text-sm break-words">
        <span className="text-muted-foreground">Subject: </span>
        {mail.subject}
      </p>
      <div className="max-h-72 overflow-y-auto rounded-md bg-muted/50 p-3 text-sm break-words whitespace-pre-wrap">
        {mail.text}
      </div>
      {mail.links.length > 0 ? (
        <div>
          <h4 className="text-sm font-medium">Links in this message</h4>
          <ul className="mt-1 space-y-2 text-sm">
            {mail.links.map((link, i) => (
              <li key={`${link.url}-${i}`} className="break-words">
                {link.label !== link.url ? (
                  <span className="block text-muted-foreground">{link.label}</span>
                ) : null}
                {isWebLink(link.url) ? (
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex items-center gap-1 break-all text-primary underline underline-offset-2"
                  >
                    {link.url}
                    <ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="break-all">{link.url}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * A message exactly as each of its recipients gets it: subject, text and links. Opening it is a
 * read the audit log records, and its links act for the recipient (a confirm link books).
 */
export function OutboxMessageDialog({
  messageId,
  message: given,
  open,
  onOpenChange,
}: {
  /** Kept while the dialog closes, so its content stays until it is gone. */
  messageId: number;
  /**
   * The message as a record's list already has it (issue 44): shown as it is, not fetched (and
   * read) again. A text's words are in `textBody`.
   */
  message?: OutboxMessageDetail & { textBody?: string | null };
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const message = useQuery({ ...outboxMessageQueryOptions(messageId), enabled: !given });
  const data = given ?? message.data;
  const textBody = given?.textBody ?? null;
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      // One column no wider than the dialog: a long link wraps instead of widening it.
      className="grid-cols-[minmax(0,1fr)] sm:max-w-2xl"
      title={data?.subject ?? (data?.text ? 'Text message' : 'Message')}
      titleClassName="pr-6 leading-snug break-words"
      description="As each recipient gets it. Opening a link here acts as the recipient: a confirm link books or confirms their visit. Viewing a message is recorded in the audit log."
    >
      {textBody !== null && given?.text ? (
        <section aria-label="Text message" className="space-y-3 rounded-lg border p-4">
          <h3 className="text-sm font-medium break-words">
            To: {given.text.name !== given.text.to ? `${given.text.name} ` : ''}
            <span className="text-muted-foreground">{given.text.to}</span>
          </h3>
          <div className="rounded-md bg-muted/50 p-3 text-sm break-words whitespace-pre-wrap">
            {textBody}
          </div>
        </section>
      ) : !given && message.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <span className="sr-only">Loading the message…</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : !data ? (
        <div role="alert" className="space-y-3 text-sm">
          <p>{message.error?.message ?? 'Failed to load the message'}</p>
          <Button variant="outline" size="sm" onClick={() => void message.refetch()}>
            Try again
          </Button>
        </div>
      ) : data.mails.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {data.text
            ? 'There is nothing to show: this text’s words are written when it is sent.'
            : 'There is nothing to show: the appointment this reminder is about no longer exists.'}
        </p>
      ) : (
        <div className="space-y-4">
          {data.mails.map((mail, i) => (
            <MailView key={`${mail.to}-${i}`} mail={mail} index={i} />
          ))}
        </div>
      )}
    </TitledDialog>
  );
}
