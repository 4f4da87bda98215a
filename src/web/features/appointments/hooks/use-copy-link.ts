import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { COPIED_INDICATOR_MS } from '@web/lib/ui-constants';

/** Copies a link and reports "Copied!" for COPIED_INDICATOR_MS (spec §2, §8, §9). */
export function useCopyLink() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(link: string) {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(link);
    } catch {
      toast.error('Failed to copy link');
      return;
    }
    setCopied(true);
    toast.success('Meeting link copied to clipboard!');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  }

  return { copied, copy };
}
