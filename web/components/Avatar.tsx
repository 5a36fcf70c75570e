import { useState } from 'react';
import { avatarColors, avatarInitials, avatarPictures, type AvatarSubject } from '../../common/avatar';
import { Icon } from './icons';

interface AvatarProps {
  user: AvatarSubject | null;
  /** `header`: the shell's 44 px avatar; `large`: the settings page's picture. */
  size?: 'header' | 'large';
  className?: string;
}

const SIZES = {
  header: { box: 'h-11 w-11', text: 'text-[19px]', icon: 22 },
  large: { box: 'h-24 w-24', text: 'text-[40px]', icon: 44 },
} as const;

/**
 * The header avatar (docs/product/partner-portal.md#header-and-avatar): picture, else social picture, else initials on a colour
 * chosen by the e-mail length; a picture that fails to load gives way to the next. Without a
 * profile it shows a neutral placeholder.
 * The initials' colour is the spec's "lightened by 90", moved towards white where that reaches
 * less than 4.5:1 on its circle (common/avatar.ts), so they pass WCAG AA at any size.
 */
export function Avatar({ user, size = 'header', className = '' }: AvatarProps) {
  const [failed, setFailed] = useState<readonly string[]>([]);
  const { box, text, icon } = SIZES[size];
  const base = `inline-flex ${box} shrink-0 items-center justify-center overflow-hidden rounded-full ${className}`;

  if (!user) {
    return (
      <span
        className={`${base} bg-stone-200 text-stone-600 dark:bg-stone-700 dark:text-stone-200`}
        data-testid="avatar-placeholder"
      >
        <Icon name="user" width={icon} height={icon} />
      </span>
    );
  }
  const picture = avatarPictures(user).find((url) => !failed.includes(url));
  if (picture) {
    return (
      <span className={`${base} bg-stone-200 dark:bg-stone-700`}>
        <img
          // A new address is a new element: no stale error state from the previous picture.
          key={picture}
          src={picture}
          alt=""
          className="h-full w-full object-cover"
          onError={() => setFailed((current) => [...current, picture])}
          data-testid="avatar-picture"
        />
      </span>
    );
  }
  const { background, color } = avatarColors(user.email);
  return (
    <span
      className={`${base} ${text} leading-none font-bold`}
      style={{ backgroundColor: background, color }}
      data-testid="avatar-initials"
    >
      {avatarInitials(user)}
    </span>
  );
}
