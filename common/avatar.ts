// The avatar rule (docs/product/partner-portal.md#header-and-avatar): a picture when there is one, else initials
// on a colour picked from an 18-colour palette by the length of the e-mail, with the text
// colour derived from the background, then moved further from it until the pair passes WCAG AA
// for normal text. Pure so the shell, e-mails and tests agree.
import { contrastRatio, lightenUntil, parseHex, TEXT_CONTRAST, toHex } from './colour';

/**
 * 18 deep colours: the text is the background lightened by 90 per channel, so backgrounds
 * stay dark enough for that lighter text to remain legible.
 */
export const AVATAR_PALETTE = [
  '#7c2d12',
  '#9a3412',
  '#881337',
  '#831843',
  '#701a75',
  '#581c87',
  '#4c1d95',
  '#312e81',
  '#1e3a8a',
  '#0c4a6e',
  '#164e63',
  '#134e4a',
  '#064e3b',
  '#14532d',
  '#365314',
  '#713f12',
  '#78350f',
  '#44403c',
] as const;

export const AVATAR_LIGHTEN_BY = 90;

export interface AvatarSubject {
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  /** The picture the partner uploaded. */
  user_picture?: string | null;
  /** The picture of a connected social profile, used when no picture was uploaded. */
  social_picture?: string | null;
}

export function avatarPicture(subject: AvatarSubject): string | null {
  return avatarPictures(subject)[0] ?? null;
}

/** The pictures to try in order (the uploaded one, then the social one): one that fails to load gives way to the next. */
export function avatarPictures(subject: AvatarSubject): string[] {
  const pictures = [nonEmpty(subject.user_picture), nonEmpty(subject.social_picture)].filter(
    (url): url is string => url !== null,
  );
  return [...new Set(pictures)];
}

export function avatarInitials(subject: AvatarSubject): string {
  const first = subject.first_name?.trim() ?? '';
  const last = subject.last_name?.trim() ?? '';
  if (first && last) return (first.charAt(0) + last.charAt(0)).toUpperCase();
  return subject.email.trim().slice(0, 2).toUpperCase();
}

export function avatarBackground(email: string): string {
  // The palette is a non-empty tuple, so the modulo index always exists.
  return AVATAR_PALETTE[email.length % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
}

/** Adds `amount` to each RGB channel of a `#rrggbb` colour, clamped to 255. */
export function lightenHex(hex: string, amount: number): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1], 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return (
    '#' +
    channels
      .map((channel) =>
        Math.min(255, Math.max(0, channel + amount))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/**
 * The circle and its initials: the spec's colour (the background lightened by 90), and where that
 * reaches less than 4.5:1 against the circle, the least step further towards white that does.
 */
export function avatarColors(email: string): { background: string; color: string } {
  const background = avatarBackground(email);
  const spec = lightenHex(background, AVATAR_LIGHTEN_BY);
  const [circle, text] = [parseHex(background)!, parseHex(spec)!];
  const color =
    contrastRatio(text, circle) >= TEXT_CONTRAST ? spec : toHex(lightenUntil(text, [circle], TEXT_CONTRAST));
  return { background, color };
}

function nonEmpty(value: string | null | undefined): string | null {
  return value && value.trim() ? value : null;
}
