import { RotateCwIcon } from 'lucide-react';
import { formatDate, formatTime } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import type { OutboxMessage } from '@contracts/outbox';

const KIND_LABELS: Record<string, string> = {
  'appointment.booked': 'Booked',
  'appointment.rescheduled': 'Rescheduled',
  'appointment.reassigned': 'Reassigned',
  'appointment.cancelled': 'Cancelled',
};

const STATUS_VARIANT = { sent: 'default', pending: 'secondary', failed: 'destructive' } as const;

function when(iso: string, timeZone: string) {
  return `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
}

export function OutboxTable(props: {
  messages: OutboxMessage[];
  timeZone: string;
  resendingId: number | null;
  onResend(id: number): void;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Notification messages, newest first</caption>
      <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
        <tr>
          <th scope="col" className="px-4 py-3 font-medium">
            Created
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Message
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Recipients
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            State
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {props.messages.map((m) => (
          <tr key={m.id} className="align-top">
            <td className="whitespace-nowrap px-4 py-3">{when(m.createdAt, props.timeZone)}</td>
            <td className="px-4 py-3 font-medium">{KIND_LABELS[m.kind] ?? m.kind}</td>
            <td className="px-4 py-3">
              <ul className="space-y-0.5">
                {m.recipients.map((r) => (
                  <li key={r.email}>
                    {r.name} <span className="text-muted-foreground">&lt;{r.email}&gt;</span>
                  </li>
                ))}
              </ul>
            </td>
            <td className="px-4 py-3">
              <Badge variant={STATUS_VARIANT[m.status]}>{m.status}</Badge>
              <p className="mt-1 text-xs text-muted-foreground">
                {m.status === 'sent' && m.sentAt
                  ? `Sent ${when(m.sentAt, props.timeZone)}`
                  : `${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`}
                {m.status === 'pending' && m.attempts > 0
                  ? ` · next try ${when(m.nextAttemptAt, props.timeZone)}`
                  : ''}
              </p>
              {m.lastError ? <p className="mt-1 text-xs text-destructive">{m.lastError}</p> : null}
            </td>
            <td className="px-4 py-3 text-right">
              {m.status !== 'pending' || m.attempts > 0 ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={props.resendingId === m.id}
                  onClick={() => props.onResend(m.id)}
                >
                  <RotateCwIcon aria-hidden="true" />
                  {props.resendingId === m.id ? 'Resending...' : 'Resend'}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
