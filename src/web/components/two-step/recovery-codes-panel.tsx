import { CopyIcon, DownloadIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useCopyText } from '@web/hooks/use-copy-text';

/** The codes as a text file: one a line, under a line saying what they are. */
export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Carebook recovery codes for ${email}`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Ten recovery codes, shown once: the server keeps only their hashes. The user copies or
 * downloads them before going on.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  children,
}: {
  codes: readonly string[];
  email: string;
  /** What follows the codes: the button that goes on. */
  children?: React.ReactNode;
}) {
  const { copy } = useCopyText({
    copied: 'Recovery codes copied.',
    failed: 'Could not copy. Select the codes and copy them yourself.',
  });
  const text = recoveryCodesText(codes, email);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'carebook-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-3">
      <h3 id="recovery-codes-title" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Keep these somewhere safe, away from your phone. Each one signs you in once if you lose your
        authenticator app. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy(text)}>
          <CopyIcon aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download as text
        </Button>
      </div>
      {children}
    </section>
  );
}
