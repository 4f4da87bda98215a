import { RotateCwIcon } from 'lucide-react';
import { formatDate, formatTime } from '@domain/format';
import { describeReminderOffset } from '@domain/reminders';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import type { OutboxKind, OutboxMessage, OutboxStatus } from '@contracts/outbox';

export const KIND_LABELS: Record<OutboxKind, string> = {
  'appointment.booked': 'Booked',
  'appointment.rescheduled': 'Rescheduled',
  'appointment.reassigned': 'Reassigned',
  'appointment.cancelled': 'Cancelled',
  'appointment.link_reset': 'New visit link',
  'appointment.series_booked': 'Series booked',
  'appointment.series_rescheduled': 'Series moved',
  'appointment.series_cancelled': 'Series cancelled',
  'appointment.reminder': 'Reminder',
  'waitlist.offer': 'Waitlist offer',
  'admin.notice': 'Notice to admins',
};

const STATUS_VARIANT: Record<OutboxStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  sent: 'default',
  pending: 'secondary',
  failed: 'destructive',
  withdrawn: 'outline',
  dropped: 'outline',
};

const isReminder = (m: OutboxMessage) => m.kind === 'appointment.reminder';

/** Whether sending again makes sense: not for a reminder that was taken back or still waits. */
function canResend(m: OutboxMessage): boolean {
  if (isReminder(m)) return m.status === 'sent' || m.status === 'failed' || m.status === 'dropped';
  return m.status !== 'pending' || m.attempts > 0;
}

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
    // Several lines to a message: each cell starts at the row's top.
    <Table className="[&_td]:px-4 [&_td]:align-top [&_th]:px-4">
      <TableCaption className="sr-only">Notification messages, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Created</TableHead>
          <TableHead>Message</TableHead>
          <TableHead>Recipients</TableHead>
          <TableHead>State</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.messages.map((m) => (
          <TableRow key={m.id}>
            <TableCell className="whitespace-nowrap">{when(m.createdAt, props.timeZone)}</TableCell>
            <TableCell>
              <span className="font-medium">{KIND_LABELS[m.kind as OutboxKind] ?? m.kind}</span>
              {isReminder(m) && m.offsetMinutes !== null ? (
                <p className="text-xs text-muted-foreground">
                  {describeReminderOffset(m.offsetMinutes)} before
                </p>
              ) : null}
            </TableCell>
            <TableCell>
              <ul className="space-y-0.5">
                {m.recipients.map((r) => (
                  <li key={r.email}>
                    {r.name} <span className="text-muted-foreground">&lt;{r.email}&gt;</span>
                  </li>
                ))}
              </ul>
            </TableCell>
            <TableCell>
              <Badge variant={STATUS_VARIANT[m.status]}>{m.status}</Badge>
              <p className="mt-1 text-xs text-muted-foreground">
                {m.status === 'sent' && m.sentAt
                  ? `Sent ${when(m.sentAt, props.timeZone)}`
                  : m.status === 'pending' && m.attempts === 0 && m.dueAt
                    ? `Due ${when(m.dueAt, props.timeZone)}`
                    : `${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`}
                {m.status === 'pending' && m.attempts > 0
                  ? ` · next try ${when(m.nextAttemptAt, props.timeZone)}`
                  : ''}
              </p>
              {m.lastError ? (
                <p
                  className={`mt-1 text-xs ${m.status === 'withdrawn' || m.status === 'dropped' ? 'text-muted-foreground' : 'text-destructive'}`}
                >
                  {m.lastError}
                </p>
              ) : null}
            </TableCell>
            <TableCell className="text-right">
              {canResend(m) ? (
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
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
