import { useId, useState } from 'react';
import type { ClinicPolicyView } from '@contracts/clinic-policy';
import type { PatientLanguage } from '@domain/patients';
import { textLengthLabel } from '@domain/text-messages';
import { answerPreviews, textPreviews } from '@domain/text-templates';
import { addDaysToKey, localDateKeyOf, wallClockToUtc } from '@domain/zoned-time';
import { PreviewLanguageSelect } from './preview-language';

/** A link as long as a real one: the visit page with a 32-character token. */
const sampleLink = (origin: string) => `${origin}/session/?token=${'x'.repeat(32)}`;

/** Sample visit data: next week, 10:00 on the clinic's clock, the offer held until 8:00 that day. */
export function sampleVisit(clinic: ClinicPolicyView['clinic'], now: Date) {
  const day = addDaysToKey(localDateKeyOf(now, clinic.timezone), 7);
  return {
    clinic: { name: clinic.name, timezone: clinic.timezone },
    start: new Date(wallClockToUtc(day, 10 * 60, clinic.timezone)).toISOString(),
    expiresAt: new Date(wallClockToUtc(day, 8 * 60, clinic.timezone)).toISOString(),
  };
}

/**
 * Each text the clinic sends, and each answer to a patient's reply (C or YES, R, STOP, START,
 * HELP), as a patient reads it in the chosen language, with its length, alphabet (GSM-7 or UCS-2)
 * and segments: what it costs on the air (issue 44, ADR 050). The words are the worker's own
 * (`@domain/text-templates`), from sample data and the clinic's phone.
 */
export function TextPreview({
  clinic,
  phone,
  now = new Date(),
  origin = window.location.origin,
}: {
  clinic: ClinicPolicyView['clinic'];
  /** The clinic's phone as patients are given it: the answers offer a call only with one. */
  phone: string | null;
  now?: Date;
  origin?: string;
}) {
  const id = useId();
  const [language, setLanguage] = useState<PatientLanguage>('en');
  const sample = sampleVisit(clinic, now);
  const previews = textPreviews(sample, {
    firstName: 'Maria',
    link: sampleLink(origin),
    language,
  });
  const answers = answerPreviews(
    { ...sample, clinic: { ...sample.clinic, phone: phone?.trim() || null } },
    { link: sampleLink(origin), language },
  );
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id={`${id}-title`} className="font-medium">
            Preview
          </h3>
          <p className="text-sm text-muted-foreground">
            Each text as a patient named Maria reads it, with a visit next week.
          </p>
        </div>
        <PreviewLanguageSelect
          id={`${id}-language`}
          label="Preview language"
          value={language}
          onChange={setLanguage}
        />
      </div>
      <PreviewList label="Text previews" previews={previews} />
      <div>
        <h4 className="font-medium">Answers to replies</h4>
        <p className="text-sm text-muted-foreground">
          What a patient is sent back when they reply with one of these words.
        </p>
      </div>
      <PreviewList label="Answer previews" previews={answers} />
    </section>
  );
}

function PreviewList({
  label,
  previews,
}: {
  label: string;
  previews: ReadonlyArray<{ kind: string; label: string; body: string }>;
}) {
  return (
    <ul className="divide-y rounded-md border text-sm" aria-label={label}>
      {previews.map((preview) => (
        <li key={preview.kind} className="grid gap-1 p-3">
          <p className="font-medium">{preview.label}</p>
          <p className="break-words">{preview.body}</p>
          <p className="text-xs text-muted-foreground">{textLengthLabel(preview.body)}</p>
        </li>
      ))}
    </ul>
  );
}
