import { Link } from 'react-router';
import { EyeIcon, RotateCwIcon } from 'lucide-react';
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
  'online.hold': 'Online booking confirmation',
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

function Recipients({ message }: { message: OutboxMessage }) {
  return (
    <ul className="space-y-0.5">
      {message.recipients.map((r) => (
        <li key={r.email} className="break-words">
          {r.name ? `${r.name} ` : ''}
          <span className="text-muted-foreground">&lt;{r.email}&gt;</span>
        </li>
      ))}
    </ul>
  );
}

/** What the message is: its kind, its subject and first words, and the appointment it is about. */
function MessageCell({ message: m, timeZone }: { message: OutboxMessage; timeZone: string }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-xs text-muted-foreground">
        {KIND_LABELS[m.kind as OutboxKind] ?? m.kind}
        {isReminder(m) && m.offsetMinutes !== null
          ? ` · ${describeReminderOffset(m.offsetMinutes)} before`
          : ''}
      </p>
      <p className="font-medium break-words">{m.subject ?? 'No message to show'}</p>
      {m.preview ? (
        <p className="line-clamp-2 text-xs break-words text-muted-foreground">{m.preview}</p>
      ) : null}
      {/* On a phone the recipients and time sit here: their columns are left out. */}
      <div className="text-xs md:hidden">
        <span className="text-muted-foreground">To: </span>
        {m.recipients.map((r) => r.email).join(', ')}
        <span className="block text-muted-foreground">{when(m.createdAt, timeZone)}</span>
      </div>
      {m.appointmentId ? (
        <Link
          to={`/appointments?view=${encodeURIComponent(m.appointmentId)}`}
          className="inline-block text-xs text-primary underline underline-offset-2"
        >
          Open appointment
        </Link>
      ) : null}
    </div>
  );
}

export function OutboxTable(props: {
  messages: OutboxMessage[];
  timeZone: string;
  resendingId: number | null;
  onResend(id: number): void;
  onView(id: number): void;
}) {
  return (
    // Several lines to a message: each cell starts at the row's top.
    <Table className="[&_td]:px-3 [&_td]:align-top [&_th]:px-3 md:[&_td]:px-4 md:[&_th]:px-4">
      <TableCaption className="sr-only">Notification messages, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="hidden md:table-cell">Created</TableHead>
          <TableHead>Message</TableHead>
          <TableHead className="hidden md:table-cell">Recipients</TableHead>
          <TableHead>State</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.messages.map((m) => (
          <TableRow key={m.id}>
            <TableCell className="hidden whitespace-nowrap md:table-cell">
              {when(m.createdAt, props.timeZone)}
            </TableCell>
            <TableCell className="w-full min-w-48 whitespace-normal md:w-auto md:max-w-md">
              <MessageCell message={m} timeZone={props.timeZone} />
            </TableCell>
            <TableCell className="hidden whitespace-normal md:table-cell">
              <Recipients message={m} />
            </TableCell>
            <TableCell className="whitespace-normal">
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
            <TableCell>
              <div className="flex flex-col items-stretch gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`View ${m.subject ?? 'message'}`}
                  onClick={() => props.onView(m.id)}
                >
                  <EyeIcon aria-hidden="true" />
                  View
                </Button>
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
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
