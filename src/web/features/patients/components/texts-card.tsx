import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PatientTexts, TextPreference } from '@contracts/text-messages';
import { formatDate, formatTime } from '@domain/format';
import { textLengthLabel, type TextConsentMethod } from '@domain/text-messages';
import { OptionsSelect } from '@web/components/options-select';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import {
  patientTextsQueryOptions,
  useSendPatientText,
  useUpdateTextPreference,
} from '../api/patient-texts';
import { Field, NoneYet, ProfileCard } from './profile-card';

const CHANNELS = [
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'Text messages' },
];
const CONSENT_METHODS: ReadonlyArray<{ value: TextConsentMethod; label: string }> = [
  { value: 'verbal', label: 'Verbal' },
  { value: 'written', label: 'Written' },
  { value: 'online', label: 'Online' },
  { value: 'text', label: 'By text' },
];
const DELIVERY_LABELS = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
} as const;

export { textLengthLabel };

const at = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;

/** The patient's texts: how they get messages and their consent, what was sent, what they replied. */
export function TextsCard({
  patientId,
  canEdit,
  timeZone,
  className,
}: {
  patientId: string;
  canEdit: boolean;
  timeZone: string;
  className?: string;
}) {
  const texts = useQuery(patientTextsQueryOptions(patientId));
  return (
    <ProfileCard title="Texts" className={className}>
      {texts.isPending ? (
        <NoneYet>Loading texts…</NoneYet>
      ) : texts.isError ? (
        <FormError message={texts.error.message} />
      ) : (
        <div className="grid gap-4 text-sm">
          <PreferenceFields preference={texts.data.preference} timeZone={timeZone} />
          {canEdit && <PreferenceForm patientId={patientId} preference={texts.data.preference} />}
          <SentTexts texts={texts.data.texts} timeZone={timeZone} />
          <Replies replies={texts.data.replies} timeZone={timeZone} />
          {canEdit && <ReplyBox patientId={patientId} texts={texts.data} />}
        </div>
      )}
    </ProfileCard>
  );
}

function PreferenceFields({
  preference,
  timeZone,
}: {
  preference: TextPreference;
  timeZone: string;
}) {
  const consent = preference.consent;
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Field label="Messages by">{preference.channel === 'sms' ? 'Text messages' : 'E-mail'}</Field>
      <Field label="Mobile number">
        {preference.number}
        {preference.stopped && (
          <Badge variant="secondary" className="ml-2">
            Replied STOP
          </Badge>
        )}
      </Field>
      <Field label="Consent to texts">
        {consent
          ? `${CONSENT_METHODS.find((m) => m.value === consent.method)?.label ?? consent.method}, ${at(consent.at, timeZone)}`
          : 'None recorded'}
      </Field>
    </dl>
  );
}

function PreferenceForm({
  patientId,
  preference,
}: {
  patientId: string;
  preference: TextPreference;
}) {
  const id = useId();
  const update = useUpdateTextPreference(patientId);
  const [channel, setChannel] = useState<string>(preference.channel);
  const [method, setMethod] = useState<string>('');
  const needsConsent = channel === 'sms' && !preference.consent;
  const save = () =>
    update.mutate(
      {
        channel: channel === 'sms' ? 'sms' : 'email',
        ...(method ? { consentMethod: method as TextConsentMethod } : {}),
      },
      { onSuccess: () => toast.success('Saved how the patient gets messages') },
    );
  return (
    <form
      noValidate
      className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-channel`}>Send messages by</Label>
        <OptionsSelect
          id={`${id}-channel`}
          value={channel}
          onChange={setChannel}
          options={CHANNELS}
        />
      </div>
      {(needsConsent || method) && (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-consent`}>Consent given</Label>
          <OptionsSelect
            id={`${id}-consent`}
            value={method}
            onChange={setMethod}
            options={CONSENT_METHODS}
            placeholder="How the patient agreed"
          />
        </div>
      )}
      <Button type="submit" size="sm" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
      <div className="sm:col-span-3">
        <FormError message={update.error?.message} />
      </div>
    </form>
  );
}

type SentText = PatientTexts['texts'][number];

function SentTexts({ texts, timeZone }: { texts: PatientTexts['texts']; timeZone: string }) {
  const [viewing, setViewing] = useState<SentText | null>(null);
  if (texts.length === 0) return <NoneYet>No texts sent yet.</NoneYet>;
  return (
    <>
      <ul className="divide-y" aria-label="Texts sent">
        {texts.map((text) => (
          <li key={text.id} className="grid gap-1 py-2">
            <div className="flex items-start justify-between gap-2">
              <p className="break-words">{text.body ?? 'Written when it is sent.'}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`View the text of ${at(text.createdAt, timeZone)}`}
                onClick={() => setViewing(text)}
              >
                View
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              {DELIVERY_LABELS[text.deliveryStatus]}
              {text.status === 'withdrawn' || text.status === 'dropped' ? ' (not sent)' : ''} ·{' '}
              {at(text.sentAt ?? text.createdAt, timeZone)} · {text.attempts} attempt
              {text.attempts === 1 ? '' : 's'}
              {text.body ? ` · ${textLengthLabel(text.body)}` : ''}
              {text.lastError ? ` · ${text.lastError}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <TextDialog text={viewing} timeZone={timeZone} onClose={() => setViewing(null)} />
    </>
  );
}

/** Each step a text went through, oldest first, with its time. */
function historyOf(text: SentText): Array<{ label: string; at: string | null }> {
  const steps: Array<{ label: string; at: string | null }> = [
    { label: 'Queued', at: text.createdAt },
  ];
  if (text.sentAt) steps.push({ label: 'Sent to the gateway', at: text.sentAt });
  if (text.deliveredAt) steps.push({ label: 'Delivered', at: text.deliveredAt });
  if (text.deliveryStatus === 'failed') steps.push({ label: 'Failed', at: null });
  if (text.status === 'withdrawn' || text.status === 'dropped') {
    steps.push({ label: 'Not sent', at: null });
  }
  return steps;
}

/** One text as it was sent, with its steps and its attempts (issue 44). */
function TextDialog({
  text,
  timeZone,
  onClose,
}: {
  text: SentText | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={text !== null} onOpenChange={(open) => !open && onClose()}>
      {text && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Text to {text.to}</DialogTitle>
            <DialogDescription>
              {text.body ? textLengthLabel(text.body) : 'Its words are written when it is sent.'}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 text-sm">
            <p className="rounded-md border p-3 break-words whitespace-pre-wrap">
              {text.body ?? 'Written when it is sent.'}
            </p>
            <div>
              <h3 className="font-medium">Status</h3>
              <ol aria-label="Status history" className="mt-1 grid gap-1">
                {historyOf(text).map((step) => (
                  <li key={step.label}>
                    {step.label}
                    {step.at ? ` · ${at(step.at, timeZone)}` : ''}
                  </li>
                ))}
              </ol>
            </div>
            <p>
              {text.attempts} attempt{text.attempts === 1 ? '' : 's'}
              {text.lastError ? ` · Last error: ${text.lastError}` : ''}
            </p>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * Staff answer the patient by text (issue 44): through the text outbox, never after STOP; during
 * quiet hours only right after the patient wrote, else when they end.
 */
function ReplyBox({ patientId, texts }: { patientId: string; texts: PatientTexts }) {
  const id = useId();
  const send = useSendPatientText(patientId);
  const [words, setWords] = useState('');
  if (texts.preference.stopped) {
    return <NoneYet>The patient replied STOP: no texts can be sent to them.</NoneYet>;
  }
  if (!texts.preference.number) return null;
  const trimmed = words.trim();
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed) return;
        send.mutate(
          { text: trimmed },
          {
            onSuccess: () => {
              setWords('');
              toast.success('Text queued to send');
            },
          },
        );
      }}
    >
      <Label htmlFor={`${id}-reply`}>Text the patient</Label>
      <Textarea
        id={`${id}-reply`}
        rows={2}
        maxLength={480}
        value={words}
        aria-describedby={`${id}-reply-length`}
        onChange={(event) => setWords(event.target.value.replace(/[\r\n]+/g, ' '))}
      />
      <div className="flex items-center justify-between gap-2">
        <p id={`${id}-reply-length`} className="text-xs text-muted-foreground">
          {trimmed
            ? textLengthLabel(trimmed)
            : 'Goes to their mobile number; sent in quiet hours only right after they wrote.'}
        </p>
        <Button type="submit" size="sm" disabled={!trimmed || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send text'}
        </Button>
      </div>
      <FormError message={send.error?.message} />
    </form>
  );
}

function Replies({ replies, timeZone }: { replies: PatientTexts['replies']; timeZone: string }) {
  if (replies.length === 0) return <NoneYet>No replies.</NoneYet>;
  return (
    <ul className="divide-y" aria-label="Replies">
      {replies.map((reply) => (
        <li key={reply.id} className="grid gap-1 py-2">
          <p className="break-words">“{reply.body}”</p>
          <p className="text-xs text-muted-foreground">
            {at(reply.receivedAt, timeZone)}
            {reply.outcome ? ` · ${reply.outcome}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
