import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PatientLanguage } from '@domain/patients';
import { Skeleton } from '@web/components/ui/skeleton';
import { PreviewLanguageSelect } from './preview-language';
import { mailPreviewsQueryOptions } from '../api/clinic-policy';

/**
 * Each e-mail the clinic's patients can get, in the chosen language, as the mail worker writes it
 * (issue 44): its subject, its HTML part as a mail app shows it and its plain-text twin. The HTML
 * is shown in a sandboxed frame: no script runs and no link opens from the preview.
 */
export function MailPreview({
  slug,
  initialLanguage = 'en',
}: {
  slug: string;
  initialLanguage?: PatientLanguage;
}) {
  const id = useId();
  const [language, setLanguage] = useState<PatientLanguage>(initialLanguage);
  const previews = useQuery(mailPreviewsQueryOptions(slug, language));
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id={`${id}-title`} className="font-medium">
            E-mail preview
          </h3>
          <p className="text-sm text-muted-foreground">
            Each e-mail as a patient named Maria reads it, with a visit next week.
          </p>
        </div>
        <PreviewLanguageSelect
          id={`${id}-language`}
          label="E-mail language"
          value={language}
          onChange={setLanguage}
        />
      </div>
      {previews.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading the e-mail previews">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : previews.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {previews.error.message}
        </p>
      ) : (
        <ul className="divide-y rounded-md border text-sm" aria-label="E-mail previews">
          {previews.data.messages.map((message) => (
            <li key={message.kind}>
              <details className="group">
                <summary className="grid cursor-pointer gap-0.5 p-3 hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring">
                  <span className="font-medium">{message.label}</span>
                  <span className="break-words text-muted-foreground">{message.subject}</span>
                </summary>
                <div className="grid gap-3 px-3 pb-3">
                  <iframe
                    title={`${message.label}: the e-mail as sent`}
                    sandbox=""
                    srcDoc={message.html}
                    className="h-[32rem] w-full rounded-md border bg-white"
                  />
                  <details>
                    <summary className="cursor-pointer text-muted-foreground">Plain text</summary>
                    <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-sans text-sm">
                      {message.text}
                    </pre>
                  </details>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
