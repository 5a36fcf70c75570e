import { contrastRatio, luminance, parseHex, TEXT_CONTRAST } from '../../common/colour';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_PALETTE,
  avatarBackground,
  avatarColors,
  avatarInitials,
  avatarPicture,
  avatarPictures,
  lightenHex,
} from '../../common/avatar';
import { Avatar } from './Avatar';

describe('avatar rules (docs/product/partner-portal.md#header-and-avatar)', () => {
  it('has 18 colours', () => {
    expect(AVATAR_PALETTE).toHaveLength(18);
    expect(new Set(AVATAR_PALETTE).size).toBe(18);
  });

  it('uses the first letters of first and last name, upper-case', () => {
    expect(avatarInitials({ email: 'zed@example.com', first_name: 'amélie', last_name: 'durand' })).toBe(
      'AD',
    );
  });

  it('falls back to the first two letters of the e-mail without a full name', () => {
    expect(avatarInitials({ email: 'jo.smith@example.com', first_name: 'Jo', last_name: '' })).toBe('JO');
    expect(avatarInitials({ email: 'kim@example.com', first_name: null, last_name: 'Lee' })).toBe('KI');
    expect(avatarInitials({ email: 'xy@ex.io' })).toBe('XY');
  });

  it('picks the colour by e-mail length modulo 18', () => {
    const email = 'a@b.co'; // 6 characters
    expect(avatarBackground(email)).toBe(AVATAR_PALETTE[6]);
    const long = 'x'.repeat(18 + 5);
    expect(avatarBackground(long)).toBe(AVATAR_PALETTE[5]);
    expect(avatarBackground('')).toBe(AVATAR_PALETTE[0]);
  });

  it('lightens each channel by 90, clamped to 255', () => {
    expect(lightenHex('#102030', 90)).toBe('#6a7a8a');
    expect(lightenHex('#c8f000', 90)).toBe('#ffff5a');
  });

  it('gives every colour of the palette initials that pass WCAG AA, from the spec’s lightened colour', () => {
    for (const [index, background] of AVATAR_PALETTE.entries()) {
      const email = 'x'.repeat(index + AVATAR_PALETTE.length);
      const { background: circle, color } = avatarColors(email);
      expect(circle).toBe(background);
      const ratio = contrastRatio(parseHex(color)!, parseHex(circle)!);
      expect(ratio, `${background} → ${color}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      // The spec's colour where it already passes; only lighter where it does not.
      const spec = lightenHex(background, 90);
      if (contrastRatio(parseHex(spec)!, parseHex(circle)!) >= TEXT_CONTRAST) expect(color).toBe(spec);
      else expect(luminance(parseHex(color)!)).toBeGreaterThan(luminance(parseHex(spec)!));
    }
  });

  it('prefers the uploaded picture, then the social one', () => {
    expect(avatarPicture({ email: 'a@b.c', user_picture: '/u.png', social_picture: 'https://s/p.png' })).toBe(
      '/u.png',
    );
    expect(avatarPicture({ email: 'a@b.c', user_picture: '', social_picture: 'https://s/p.png' })).toBe(
      'https://s/p.png',
    );
    expect(avatarPicture({ email: 'a@b.c' })).toBeNull();
  });
});

describe('<Avatar>', () => {
  it('renders initials on the palette colour with the lightened text colour', () => {
    render(<Avatar user={{ email: 'ana@sunbite.example', first_name: 'Ana', last_name: 'Ruiz' }} />);
    const initials = screen.getByTestId('avatar-initials');
    expect(initials).toHaveTextContent('AR');
    const background = AVATAR_PALETTE['ana@sunbite.example'.length % 18] ?? '';
    const { color } = avatarColors('ana@sunbite.example');
    expect(initials).toHaveStyle({ backgroundColor: background, color });
  });

  it('renders the picture when there is one', () => {
    render(<Avatar user={{ email: 'ana@sunbite.example', social_picture: 'https://graph.example/p.jpg' }} />);
    expect(screen.getByTestId('avatar-picture')).toHaveAttribute('src', 'https://graph.example/p.jpg');
    expect(screen.queryByTestId('avatar-initials')).not.toBeInTheDocument();
  });

  it('falls back to the next option when a picture fails to load: the social picture, then the initials', () => {
    const { rerender } = render(
      <Avatar
        user={{
          email: 'ana@sunbite.example',
          first_name: 'Ana',
          last_name: 'Ruiz',
          user_picture: '/api/media/gone.webp',
          social_picture: 'https://graph.example/p.jpg',
        }}
      />,
    );
    fireEvent.error(screen.getByTestId('avatar-picture'));
    expect(screen.getByTestId('avatar-picture')).toHaveAttribute('src', 'https://graph.example/p.jpg');
    fireEvent.error(screen.getByTestId('avatar-picture'));
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('AR');
    // A new picture (just uploaded) is tried again.
    rerender(
      <Avatar
        user={{
          email: 'ana@sunbite.example',
          first_name: 'Ana',
          last_name: 'Ruiz',
          user_picture: '/api/media/new.webp',
        }}
      />,
    );
    expect(screen.getByTestId('avatar-picture')).toHaveAttribute('src', '/api/media/new.webp');
  });

  it('without a social picture field, uses the uploaded picture or the initials as before', () => {
    expect(avatarPictures({ email: 'a@b.c', user_picture: '/u.webp' })).toEqual(['/u.webp']);
    expect(avatarPictures({ email: 'a@b.c', user_picture: null })).toEqual([]);
    expect(avatarPictures({ email: 'a@b.c', user_picture: '/u.webp', social_picture: '/u.webp' })).toEqual([
      '/u.webp',
    ]);
  });

  it('shows a neutral placeholder without a profile', () => {
    render(<Avatar user={null} />);
    expect(screen.getByTestId('avatar-placeholder')).toBeInTheDocument();
  });
});
