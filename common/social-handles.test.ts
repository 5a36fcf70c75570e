import { describe, expect, it } from 'vitest';
import { networkOfField, SOCIAL_NETWORKS, socialProfileUrl, type SocialNetwork } from './social-handles';

// What people type in the four fields of sign-up and settings, and what the portal stores
// (docs/product/partners-and-accounts.md#social-profiles).
const ACCEPTED: Record<SocialNetwork, [typed: string, stored: string][]> = {
  instagram: [
    ['maya.glows', 'https://www.instagram.com/maya.glows/'],
    ['@maya.glows', 'https://www.instagram.com/maya.glows/'],
    ['  @Maya.Glows  ', 'https://www.instagram.com/maya.glows/'],
    ['instagram.com/maya.glows', 'https://www.instagram.com/maya.glows/'],
    ['Instagram.com/maya.glows/', 'https://www.instagram.com/maya.glows/'],
    ['www.instagram.com/maya.glows', 'https://www.instagram.com/maya.glows/'],
    ['http://instagram.com/maya.glows', 'https://www.instagram.com/maya.glows/'],
    ['https://www.instagram.com/maya.glows/', 'https://www.instagram.com/maya.glows/'],
    [
      'https://www.instagram.com/maya.glows?igsh=MWx2dzB0cXZ0dGRrNQ==',
      'https://www.instagram.com/maya.glows/',
    ],
    ['https://www.instagram.com/maya.glows/?hl=fr', 'https://www.instagram.com/maya.glows/'],
    ['https://instagram.com/maya.glows#', 'https://www.instagram.com/maya.glows/'],
    ['HTTPS://M.INSTAGRAM.COM/MAYA_GLOWS', 'https://www.instagram.com/maya_glows/'],
    ['instagram.com/@maya.glows', 'https://www.instagram.com/maya.glows/'],
    ['https://www.instagram.com/maya.glows/reels/', 'https://www.instagram.com/maya.glows/'],
    [
      'https://www.instagram.com/stories/maya.glows/3412345678901234567/',
      'https://www.instagram.com/maya.glows/',
    ],
    ['instagr.am/maya.glows', 'https://www.instagram.com/maya.glows/'],
    ['//instagram.com/maya.glows', 'https://www.instagram.com/maya.glows/'],
    ['m', 'https://www.instagram.com/m/'],
    ['_', 'https://www.instagram.com/_/'],
    ['a'.repeat(30), `https://www.instagram.com/${'a'.repeat(30)}/`],
  ],
  tiktok: [
    ['maya.glows', 'https://www.tiktok.com/@maya.glows'],
    ['@maya.glows', 'https://www.tiktok.com/@maya.glows'],
    ['@Maya_Glows', 'https://www.tiktok.com/@maya_glows'],
    ['tiktok.com/@maya.glows', 'https://www.tiktok.com/@maya.glows'],
    ['www.tiktok.com/@maya.glows/', 'https://www.tiktok.com/@maya.glows'],
    [
      'https://www.tiktok.com/@maya.glows?lang=fr&is_from_webapp=1&sender_device=pc',
      'https://www.tiktok.com/@maya.glows',
    ],
    ['https://m.tiktok.com/@maya.glows', 'https://www.tiktok.com/@maya.glows'],
    ['tiktok.com/maya.glows', 'https://www.tiktok.com/@maya.glows'],
    ['https://www.tiktok.com/@maya.glows', 'https://www.tiktok.com/@maya.glows'],
  ],
  youtube: [
    ['maya.glows', 'https://www.youtube.com/@maya.glows'],
    ['@MayaGlows', 'https://www.youtube.com/@mayaglows'],
    ['youtube.com/@maya-glows', 'https://www.youtube.com/@maya-glows'],
    ['https://www.youtube.com/@maya.glows/videos', 'https://www.youtube.com/@maya.glows'],
    ['https://m.youtube.com/@maya.glows/shorts?app=desktop', 'https://www.youtube.com/@maya.glows'],
    ['https://www.youtube.com/@maya.glows/', 'https://www.youtube.com/@maya.glows'],
    ['youtube.com/@café.matin', 'https://www.youtube.com/@café.matin'],
    ['https://www.youtube.com/@caf%C3%A9.matin', 'https://www.youtube.com/@café.matin'],
    [
      'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
      'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
    ],
    [
      'youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw/featured',
      'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
    ],
    ['https://www.youtube.com/c/MayaGlows', 'https://www.youtube.com/c/MayaGlows'],
    ['youtube.com/user/MayaGlows/videos', 'https://www.youtube.com/user/MayaGlows'],
    ['youtube.com/MayaGlows', 'https://www.youtube.com/@mayaglows'],
  ],
  facebook: [
    ['maya.glows', 'https://www.facebook.com/maya.glows'],
    ['@maya.glows', 'https://www.facebook.com/maya.glows'],
    ['facebook.com/Maya.Glows', 'https://www.facebook.com/maya.glows'],
    ['https://www.facebook.com/maya.glows/', 'https://www.facebook.com/maya.glows'],
    ['https://m.facebook.com/maya.glows?mibextid=ZbWKwL', 'https://www.facebook.com/maya.glows'],
    ['https://fr-ca.facebook.com/maya.glows', 'https://www.facebook.com/maya.glows'],
    ['https://web.facebook.com/maya.glows/about', 'https://www.facebook.com/maya.glows'],
    ['fb.com/maya.glows', 'https://www.facebook.com/maya.glows'],
    [
      'https://www.facebook.com/profile.php?id=100012345678901',
      'https://www.facebook.com/profile.php?id=100012345678901',
    ],
    [
      'https://www.facebook.com/profile.php?id=100012345678901&sk=photos',
      'https://www.facebook.com/profile.php?id=100012345678901',
    ],
    [
      'https://www.facebook.com/people/Maya-Glows/100012345678901/',
      'https://www.facebook.com/profile.php?id=100012345678901',
    ],
    [
      'https://www.facebook.com/pages/Sunny-Gummies/123456789012',
      'https://www.facebook.com/profile.php?id=123456789012',
    ],
    ['https://www.facebook.com/100012345678901', 'https://www.facebook.com/profile.php?id=100012345678901'],
    ['facebook.com/Sunny-Gummies-Shop', 'https://www.facebook.com/sunny-gummies-shop'],
  ],
};

const REFUSED: Record<SocialNetwork, string[]> = {
  instagram: [
    '',
    '   ',
    '@',
    'maya glows',
    'maya..glows',
    '.mayaglows',
    'mayaglows.',
    'maya-glows',
    'maya@glows',
    'a'.repeat(31),
    'javascript:alert(1)',
    'mailto:maya@example.com',
    'ftp://instagram.com/maya.glows',
    'https://www.tiktok.com/@maya.glows',
    'tiktok.com/@maya.glows',
    'https://evil.example/instagram.com/maya.glows',
    'https://instagram.com.evil.example/maya.glows',
    'https://instagram.com@evil.example/maya.glows',
    'https://maya:secret@instagram.com/maya.glows',
    'https://instagram.com:8443/maya.glows',
    'https://help.instagram.com/maya.glows',
    'instagram.com',
    'www.instagram.com',
    'https://www.instagram.com/',
    'https://www.instagram.com/p/C1a2b3c4d5e/',
    'https://www.instagram.com/reel/C1a2b3c4d5e/',
    'https://www.instagram.com/explore/tags/gummies/',
    'https://www.instagram.com/maya.glows/p/C1a2b3c4d5e/',
    'www.maya-glows.com',
    'maya.com',
    'linktr.ee/maya.glows',
    'https://%zz',
  ],
  tiktok: [
    'm',
    '@maya glows',
    'maya-glows',
    'maya.glows.',
    'a'.repeat(25),
    'https://www.instagram.com/maya.glows/',
    'https://vm.tiktok.com/ZMabc123/',
    'https://www.tiktok.com/@maya.glows/video/7312345678901234567',
    'https://www.tiktok.com/discover/gummies',
    'https://www.tiktok.com/tag/gummies',
    'https://www.tiktok.com/',
  ],
  youtube: [
    'ma',
    '@maya glows',
    'a'.repeat(31),
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/playlist?list=PL123',
    'https://www.youtube.com/@maya.glows/watch',
    'https://www.youtube.com/channel/not-a-channel-id',
    'https://www.youtube.com/results?search_query=gummies',
    'https://music.youtube.com/@maya.glows',
    'https://www.tiktok.com/@maya.glows',
  ],
  facebook: [
    'maya',
    '@maya',
    'maya..glows',
    'maya_glows',
    'https://www.facebook.com/groups/123456789012',
    'https://www.facebook.com/watch/?v=123456789012',
    'https://www.facebook.com/share/1AbCdEfGh/',
    'https://www.facebook.com/profile.php',
    'https://www.facebook.com/profile.php?id=abc',
    'https://www.facebook.com/maya.glows/posts/pfbid0123',
    'https://www.facebook.com/events/123456789012/',
    'https://www.instagram.com/maya.glows/',
    'https://developers.facebook.com/maya.glows',
  ],
};

describe('socialProfileUrl', () => {
  for (const network of SOCIAL_NETWORKS) {
    it(`stores what people type in the ${network} field as the profile's address`, () => {
      for (const [typed, stored] of ACCEPTED[network]) {
        expect(socialProfileUrl(network, typed), typed).toBe(stored);
        // The stored address reads back as itself: saving the form again changes nothing.
        expect(socialProfileUrl(network, stored), stored).toBe(stored);
      }
    });

    it(`refuses in the ${network} field another site, a page that is no profile, and a handle ${network} would not allow`, () => {
      for (const typed of REFUSED[network]) expect(socialProfileUrl(network, typed), typed).toBeNull();
    });
  }

  it('reads the same handle as each network writes it', () => {
    expect(SOCIAL_NETWORKS.map((network) => socialProfileUrl(network, '@maya.glows'))).toEqual([
      'https://www.instagram.com/maya.glows/',
      'https://www.facebook.com/maya.glows',
      'https://www.youtube.com/@maya.glows',
      'https://www.tiktok.com/@maya.glows',
    ]);
  });

  it('names the network of each profile field', () => {
    expect(networkOfField('instagram_url')).toBe('instagram');
    expect(networkOfField('tiktok_url')).toBe('tiktok');
    expect(networkOfField('phone')).toBeNull();
  });
});
