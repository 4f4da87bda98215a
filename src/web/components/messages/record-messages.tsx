import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { RecordMessage, RecordMessages } from '@contracts/outbox';
import { FormError } from '@web/components/ui/form-field';
import { useResendMessage } from '@web/queries/outbox';
import { OutboxMessageDialog } from './message-dialog';
import { DeliveryState, MessageButtons, kindLabel, recipientsLine, when } from './message-parts';

/**
 * Every e-mail and text of a patient's record or an appointment (issue 44), newest first: what it
 * is, to whom, its status, attempts and time; View shows it as sent, and an admin can resend it.
 */
export function RecordMessagesList({
  query,
  timeZone,
  canResend,
  emptyText,
}: {
  query: UseQueryResult<RecordMessages, Error>;
  timeZone: string;
  /** Admins alone resend, as on the Notifications page. */
  canResend: boolean;
  emptyText: string;
}) {
  const resend = useResendMessage();
  const [viewing, setViewing] = useState<{ message: RecordMessage; open: boolean } | null>(null);
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading messages…</p>;
  if (query.isError) return <FormError message={query.error.message} />;
  const { data, more } = query.data;
  if (data.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;

  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: () => toast.success('Message queued to send again'),
      onError: (error) => toast.error(error.message),
    });
  const actions = {
    resendingId: resend.isPending ? (resend.variables ?? null) : null,
    onResend: canResend ? onResend : undefined,
    onView: (id: number) => {
      const message = data.find((m) => m.id === id);
      if (message) setViewing({ message, open: true });
    },
  };

  return (
    <>
      <ul className="grid gap-3 text-sm" aria-label="Messages">
        {data.map((m) => (
          <li key={m.id} className="grid gap-1 rounded-md border p-3">
            <p className="font-medium break-words">
              {kindLabel(m.kind)}
              <span className="font-normal text-muted-foreground">
                {' · '}
                {m.channel === 'sms' ? 'Text' : 'E-mail'}
                {' · '}
                {when(m.createdAt, timeZone)}
              </span>
            </p>
            <p className="text-xs break-words text-muted-foreground">To: {recipientsLine(m)}</p>
            {m.subject ? <p className="break-words">{m.subject}</p> : null}
            {m.preview ? (
              <p className="line-clamp-2 text-xs break-words text-muted-foreground">{m.preview}</p>
            ) : null}
            <DeliveryState message={m} timeZone={timeZone} />
            <MessageButtons message={m} actions={actions} className="mt-1 flex gap-2" />
          </li>
        ))}
      </ul>
      {more ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Older messages are on the Notifications page.
        </p>
      ) : null}
      {viewing ? (
        <OutboxMessageDialog
          messageId={viewing.message.id}
          message={viewing.message}
          open={viewing.open}
          onOpenChange={(open) => setViewing((v) => (v ? { ...v, open } : v))}
        />
      ) : null}
    </>
  );
}
