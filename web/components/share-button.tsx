// The Share button beside the copy buttons of what a partner shares: the code, the short link, the
// referral link, a ready caption with the short link (docs/product/partner-portal.md#what-a-partner-can-do).
// Where the browser can share this (the Web Share API, a phone's share sheet) it opens the sheet;
// elsewhere, or when the sheet cannot open, it copies the same words as one text with the portal's
// copied toast. A sheet the partner dismisses is no error: nothing is said.
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import { notifyError, notifySuccess } from '../lib/toast';
import { StrokeIcon } from './icons';

/** What is shared: words, a link, or both (a caption and the short link). */
export interface Shared {
  text?: string;
  url?: string;
}

/** The one text a copy holds: the words, then the link on a line of its own. */
export function sharedText(data: Shared): string {
  return [data.text, data.url].filter(Boolean).join('\n\n');
}

/**
 * What the share sheet is given: a link alone as its `url`; words, with the link if any, as one
 * `text` (many share targets keep only one of `text` and `url`: the caption and its link travel
 * together).
 */
export function shareData(data: Shared): ShareData {
  return data.text ? { text: sharedText(data) } : { url: data.url };
}

/** Whether the browser offers its share sheet for this (navigator.share, and canShare agrees). */
export function canShareNatively(data: ShareData): boolean {
  if (typeof navigator.share !== 'function') return false;
  try {
    return typeof navigator.canShare !== 'function' || navigator.canShare(data);
  } catch {
    return false;
  }
}

export type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed';

/**
 * Opens the share sheet, else copies. A sheet that does not open (no user activation left, a
 * permissions policy, a share target that failed) copies instead; one dismissed (AbortError) is
 * left at that.
 */
export async function shareOrCopy(
  data: Shared,
  said: { copied: string; failed: string },
): Promise<ShareOutcome> {
  const native = shareData(data);
  if (canShareNatively(native)) {
    try {
      await navigator.share(native);
      return 'shared';
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'dismissed';
    }
  }
  try {
    await copyText(sharedText(data));
    notifySuccess(said.copied);
    return 'copied';
  } catch {
    notifyError(said.failed);
    return 'failed';
  }
}

/** A box with an arrow leaving it: the share sheets' own sign. */
function ShareGlyph() {
  return (
    <StrokeIcon width={16} height={16}>
      <path d="M12 15V3.5M7.5 8 12 3.5 16.5 8M8 11H6.5a1.5 1.5 0 0 0-1.5 1.5v7A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-7a1.5 1.5 0 0 0-1.5-1.5H16" />
    </StrokeIcon>
  );
}

export function ShareButton({
  data,
  label,
  testId,
  compact = false,
  disabled = false,
  className = '',
}: {
  data: Shared;
  /** The accessible name: what is shared ("Share your short link"). */
  label: string;
  testId?: string;
  /** Only the icon on a phone, where the row has no room for the word. */
  compact?: boolean;
  /** While what is shared is not all known yet (the short link of a caption). */
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn-secondary shrink-0 ${compact ? 'w-11 px-0 sm:w-auto sm:px-4' : 'px-4'} ${className}`}
      // The copied toast of every copy button of the portal (the dashboard's code box).
      onClick={() =>
        void shareOrCopy(data, { copied: t('dashboard.code.copied'), failed: t('share.failed') })
      }
      aria-label={label}
      disabled={disabled}
      data-testid={testId}
    >
      <ShareGlyph />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{t('share.share')}</span>
    </button>
  );
}
