import { useState } from 'react';
import { avatarColors, avatarInitials, avatarPicture, type AvatarSubject } from '../../common/avatar';
import { Icon } from './icons';

interface AvatarProps {
  user: AvatarSubject | null;
  className?: string;
}

/**
 * The header avatar (spec point 2): picture, else social picture, else initials on a colour
 * chosen by the e-mail length. Without a profile it shows a neutral placeholder.
 * Initials are large and bold because the spec's "lightened by 90" text colour only reaches
 * about 3.4:1, which meets WCAG for large text.
 */
export function Avatar({ user, className = '' }: AvatarProps) {
  const picture = user ? avatarPicture(user) : null;
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  const base = `inline-flex h-11 w-11 shrink-0 items-center justify-center overflow-hidden rounded-full ${className}`;

  if (!user) {
    return (
      <span
        className={`${base} bg-stone-200 text-stone-600 dark:bg-stone-700 dark:text-stone-200`}
        data-testid="avatar-placeholder"
      >
        <Icon name="user" width={22} height={22} />
      </span>
    );
  }
  if (picture && picture !== failedPicture) {
    return (
      <span className={base}>
        <img
          src={picture}
          alt=""
          className="h-full w-full object-cover"
          onError={() => setFailedPicture(picture)}
          data-testid="avatar-picture"
        />
      </span>
    );
  }
  const { background, color } = avatarColors(user.email);
  return (
    <span
      className={`${base} text-[19px] leading-none font-bold`}
      style={{ backgroundColor: background, color }}
      data-testid="avatar-initials"
    >
      {avatarInitials(user)}
    </span>
  );
}
