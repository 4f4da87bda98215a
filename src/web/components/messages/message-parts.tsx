import { Link } from 'react-router';
import { EyeIcon, RotateCwIcon } from 'lucide-react';
import { formatDate, formatTime } from '@domain/format';
import { describeReminderOffset } from '@domain/reminders';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import type { OutboxKind, OutboxMessage, OutboxStatus } from '@contracts/outbox';

// The pieces of one message that the table (wide screens) and the list (phones) both show.

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
  'account.password_reset': 'Password reset link',
  'account.invitation': 'Staff invitation',
  'account.factor_changed': 'Second factor changed',
};

/** A text's kind is its e-mail's under `text.` (ADR 050); an answer to a reply has its own. */
export function kindLabel(kind: string): string {
  if (kind === 'text.answer') return 'Answer to a reply';
  if (kind === 'text.staff') return 'Text from staff';
  const email = kind.startsWith('text.') ? kind.slice('text.'.length) : kind;
  return KIND_LABELS[email as OutboxKind] ?? email;
}

const segmentsOf = (n: number) => `${n} segment${n === 1 ? '' : 's'}`;

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

export function when(iso: string, timeZone: string) {
  return `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
}

export interface MessageActions {
  resendingId: number | null;
  /** Absent: the viewer may not resend (only admins do, ADR 036). */
  onResend?(id: number): void;
  onView(id: number): void;
}

/** Whom a message goes to, in one line (phones): addresses, or a text's name and number. */
export function recipientsLine(message: OutboxMessage): string {
  if (message.text) {
    // An answer to a reply has only its number to name.
    const { name, to } = message.text;
    return name === to ? to : `${name} (${to})`;
  }
  return message.recipients.map((r) => r.email).join(', ');
}

export function Recipients({ message }: { message: OutboxMessage }) {
  if (message.text) {
    return (
      <p className="break-words">
        {message.text.name !== message.text.to ? (
          <span className="block">{message.text.name}</span>
        ) : null}
        <span className="text-muted-foreground">{message.text.to}</span>
      </p>
    );
  }
  return (
    <ul className="space-y-0.5">
      {message.recipients.map((r) => (
        <li key={r.email} className="break-words">
          {r.name ? <span className="block">{r.name}</span> : null}
          <span className="text-muted-foreground">{r.email}</span>
        </li>
      ))}
    </ul>
  );
}

/** What the message is: its kind, its subject and first words, and the appointment it is about. */
export function MessageSummary({ message: m }: { message: OutboxMessage }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-xs text-muted-foreground">
        {m.text ? 'Text · ' : ''}
        {kindLabel(m.kind)}
        {isReminder(m) && m.offsetMinutes !== null
          ? ` · ${describeReminderOffset(m.offsetMinutes)} before`
          : ''}
      </p>
      <p className="font-medium break-words">
        {m.text
          ? m.text.segments === null
            ? 'Text message, written when it goes'
            : `Text message · ${segmentsOf(m.text.segments)}, ${m.text.encoding}`
          : (m.subject ?? 'No message to show')}
      </p>
      {m.preview ? (
        <p className="line-clamp-2 text-xs break-words text-muted-foreground">{m.preview}</p>
      ) : null}
    </div>
  );
}

export function AppointmentLink({ message }: { message: OutboxMessage }) {
  if (!message.appointmentId) return null;
  return (
    <Link
      to={`/appointments?view=${encodeURIComponent(message.appointmentId)}`}
      className="inline-block text-xs text-primary underline underline-offset-2"
    >
      Open appointment
    </Link>
  );
}

export function DeliveryState({
  message: m,
  timeZone,
}: {
  message: OutboxMessage;
  timeZone: string;
}) {
  return (
    <div>
      <Badge variant={STATUS_VARIANT[m.status]}>{m.status}</Badge>
      <p className="mt-1 text-xs text-muted-foreground">
        {m.status === 'sent' && m.sentAt
          ? `Sent ${when(m.sentAt, timeZone)}`
          : m.status === 'pending' && m.attempts === 0 && m.dueAt
            ? `Due ${when(m.dueAt, timeZone)}`
            : `${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`}
        {m.status === 'pending' && m.attempts > 0
          ? ` · next try ${when(m.nextAttemptAt, timeZone)}`
          : ''}
      </p>
      {m.text && m.status === 'sent' ? (
        <p className="mt-1 text-xs text-muted-foreground">
          {m.text.deliveryStatus === 'delivered' && m.text.deliveredAt
            ? `Delivered ${when(m.text.deliveredAt, timeZone)}`
            : m.text.deliveryStatus === 'failed'
              ? 'The carrier could not deliver it'
              : 'Not yet reported delivered'}
        </p>
      ) : null}
      {m.lastError ? (
        <p
          className={`mt-1 text-xs ${m.status === 'withdrawn' || m.status === 'dropped' ? 'text-muted-foreground' : 'text-destructive'}`}
        >
          {m.lastError}
        </p>
      ) : null}
    </div>
  );
}

/** View, and Resend where sending again makes sense. */
export function MessageButtons({
  message: m,
  actions,
  className,
}: {
  message: OutboxMessage;
  actions: MessageActions;
  className?: string;
}) {
  return (
    <div className={className}>
      <Button
        variant="outline"
        size="sm"
        aria-label={`View ${m.subject ?? 'message'}`}
        onClick={() => actions.onView(m.id)}
      >
        <EyeIcon aria-hidden="true" />
        View
      </Button>
      {actions.onResend && canResend(m) ? (
        <Button
          variant="outline"
          size="sm"
          disabled={actions.resendingId === m.id}
          onClick={() => actions.onResend?.(m.id)}
        >
          <RotateCwIcon aria-hidden="true" />
          {actions.resendingId === m.id ? 'Resending...' : 'Resend'}
        </Button>
      ) : null}
    </div>
  );
}
