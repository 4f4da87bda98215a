import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { COPIED_INDICATOR_MS } from '@web/lib/ui-constants';

/**
 * Copies text to the clipboard, says so in a toast, and reports `copied` for
 * COPIED_INDICATOR_MS, so the button can say "Copied!" (a visit link, a new token's secret).
 */
export function useCopyText(messages: { copied: string; failed: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(text: string) {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error(messages.failed);
      return;
    }
    setCopied(true);
    toast.success(messages.copied);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  }

  return { copied, copy };
}
