import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PatientTexts, TextPreference } from '@contracts/text-messages';
import { formatDate, formatTime } from '@domain/format';
import { textLengthOf, type TextConsentMethod } from '@domain/text-messages';
import { OptionsSelect } from '@web/components/options-select';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { patientTextsQueryOptions, useUpdateTextPreference } from '../api/patient-texts';
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

/** "GSM-7 · 132 characters · 1 segment": what a text costs on the air (ADR 050). */
export function textLengthLabel(body: string): string {
  const { encoding, length, segments } = textLengthOf(body);
  return `${encoding} · ${length} characters · ${segments} segment${segments === 1 ? '' : 's'}`;
}

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

function SentTexts({ texts, timeZone }: { texts: PatientTexts['texts']; timeZone: string }) {
  if (texts.length === 0) return <NoneYet>No texts sent yet.</NoneYet>;
  return (
    <ul className="divide-y" aria-label="Texts sent">
      {texts.map((text) => (
        <li key={text.id} className="grid gap-1 py-2">
          <p className="break-words">{text.body ?? 'Written when it is sent.'}</p>
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
