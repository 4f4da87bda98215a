import { useCopyText } from '@web/hooks/use-copy-text';

/** Copies a link and reports "Copied!" for COPIED_INDICATOR_MS (spec §2, §8, §9). */
export function useCopyLink() {
  return useCopyText({
    copied: 'Meeting link copied to clipboard!',
    failed: 'Failed to copy link',
  });
}
