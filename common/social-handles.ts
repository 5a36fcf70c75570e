// The four social profile fields of sign-up and settings (docs/product/partners-and-accounts.md#social-profiles):
// what a person types there (a bare handle, `@handle`, `instagram.com/handle`, a full address
// copied with its query or trailing slash) becomes the one address the portal stores, written as
// each network writes a profile's address. Anything else, another site's address or a handle the
// network would not allow, is refused (null). The form shows the address it will save; the
// server stores it (common/validation.ts runs this on both sides).

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'youtube', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The profile field of each network. */
export const SOCIAL_FIELDS = {
  instagram: 'instagram_url',
  facebook: 'facebook_url',
  youtube: 'youtube_url',
  tiktok: 'tiktok_url',
} as const satisfies Record<SocialNetwork, string>;
export type SocialField = (typeof SOCIAL_FIELDS)[SocialNetwork];

/** The network of a profile field, or null. */
export function networkOfField(field: string): SocialNetwork | null {
  return SOCIAL_NETWORKS.find((network) => SOCIAL_FIELDS[network] === field) ?? null;
}

interface Network {
  /** The network's own domains: the bare domain, `www.`, the phone site's `m.` and the few others in `subdomain`. */
  domains: readonly string[];
  subdomain: RegExp;
  /** The address of a handle typed alone (already without its `@`). */
  fromHandle(handle: string): string | null;
  /** The address of a profile's path (segments decoded, none empty) and query. */
  fromPath(segments: string[], query: URLSearchParams): string | null;
}

const COMMON_SUBDOMAINS = /^(?:www|m|mobile)$/;

// Instagram: 1 to 30 letters, digits, periods and underscores, no period first, last or twice in a row.
const instagramHandle = (raw: string): string | null => {
  const handle = raw.toLowerCase();
  return /^[a-z0-9_](?:[a-z0-9_]|\.(?!\.)){0,29}$/.test(handle) && !handle.endsWith('.') ? handle : null;
};
// Pages of Instagram itself, never a profile.
const INSTAGRAM_RESERVED = new Set([
  'p',
  'reel',
  'reels',
  'tv',
  'explore',
  'accounts',
  'direct',
  'about',
  'legal',
  'developer',
  'web',
  'challenge',
  'emails',
  'privacy',
  'session',
  'share',
]);
const INSTAGRAM_TABS = new Set(['reels', 'tagged', 'guides', 'feed']);

// TikTok: 2 to 24 letters, digits, periods and underscores, no period last.
const tiktokHandle = (raw: string): string | null => {
  const handle = raw.toLowerCase();
  return /^[a-z0-9._]{2,24}$/.test(handle) && !handle.endsWith('.') ? handle : null;
};
const TIKTOK_RESERVED = new Set([
  'discover',
  'explore',
  'foryou',
  'following',
  'friends',
  'live',
  'tag',
  'music',
  'search',
  'login',
  'signup',
  'upload',
  'legal',
  'about',
  'video',
  't',
]);

// YouTube: a handle is 3 to 30 letters (of any script), digits, periods, hyphens and underscores.
const youtubeHandle = (raw: string): string | null => {
  const handle = raw.toLowerCase();
  return /^[\p{L}\p{N}._-]{3,30}$/u.test(handle) ? handle : null;
};
const YOUTUBE_TABS = new Set([
  'featured',
  'videos',
  'shorts',
  'streams',
  'live',
  'playlists',
  'community',
  'posts',
  'about',
  'podcasts',
  'releases',
  'store',
  'courses',
  'channels',
  'search',
]);
const YOUTUBE_RESERVED = new Set([
  'watch',
  'shorts',
  'playlist',
  'results',
  'feed',
  'embed',
  'live',
  'hashtag',
  'gaming',
  'premium',
  'account',
  'redirect',
  't',
  'post',
  'channel',
  'c',
  'user',
]);
/** Only a channel's own tab may follow its name: a video or a playlist names no channel. */
const youtubeTail = (rest: string[]) =>
  rest.length === 0 || (rest.length === 1 && YOUTUBE_TABS.has(rest[0]!.toLowerCase()));

// Facebook: a username is at least 5 letters, digits and periods (older pages have hyphens too);
// a profile without one has its number.
const facebookName = (raw: string): string | null => {
  const name = raw.toLowerCase();
  return /^[a-z0-9](?:[a-z0-9]|[.-](?![.-])){4,79}$/.test(name) && !/[.-]$/.test(name) ? name : null;
};
const facebookId = (raw: string | null | undefined): string | null =>
  raw && /^\d{5,20}$/.test(raw) ? raw : null;
const FACEBOOK_RESERVED = new Set([
  'groups',
  'events',
  'watch',
  'marketplace',
  'share',
  'sharer',
  'sharer.php',
  'story.php',
  'photo',
  'photo.php',
  'photos',
  'permalink.php',
  'login',
  'login.php',
  'help',
  'hashtag',
  'gaming',
  'reel',
  'reels',
  'stories',
  'privacy',
  'policies',
  'settings',
  'notifications',
  'messages',
  'friends',
  'home.php',
  'search',
  'business',
  'ads',
  'l.php',
  'dialog',
  'plugins',
  'video.php',
  'videos',
  'media',
  'fundraisers',
  'bookmarks',
  'profile.php',
  'people',
  'pages',
  'pg',
]);
const FACEBOOK_TABS = new Set([
  'about',
  'photos',
  'videos',
  'reels',
  'posts',
  'mentions',
  'followers',
  'following',
  'friends',
  'events',
  'reviews',
  'community',
  'live_videos',
  'grid',
]);
const facebookIdUrl = (id: string) => `https://www.facebook.com/profile.php?id=${id}`;

const instagramUrl = (raw: string): string | null => {
  const handle = instagramHandle(raw.replace(/^@/, ''));
  return handle ? `https://www.instagram.com/${handle}/` : null;
};
const tiktokUrl = (raw: string): string | null => {
  const handle = tiktokHandle(raw.replace(/^@/, ''));
  return handle ? `https://www.tiktok.com/@${handle}` : null;
};
const youtubeUrl = (raw: string): string | null => {
  const handle = youtubeHandle(raw.replace(/^@/, ''));
  return handle ? `https://www.youtube.com/@${handle}` : null;
};
const facebookUrl = (raw: string): string | null => {
  const text = raw.replace(/^@/, '');
  const id = facebookId(text);
  if (id) return facebookIdUrl(id);
  const name = facebookName(text);
  return name ? `https://www.facebook.com/${name}` : null;
};

const NETWORKS: Record<SocialNetwork, Network> = {
  instagram: {
    domains: ['instagram.com', 'instagr.am'],
    subdomain: COMMON_SUBDOMAINS,
    fromHandle: instagramUrl,
    fromPath([first, second, ...rest]) {
      if (!first) return null;
      // A story's address names its profile: instagram.com/stories/{handle}/{story}.
      if (first === 'stories') return second ? instagramUrl(second) : null;
      if (INSTAGRAM_RESERVED.has(first.toLowerCase())) return null;
      if (second !== undefined && (rest.length > 0 || !INSTAGRAM_TABS.has(second.toLowerCase()))) return null;
      return instagramUrl(first);
    },
  },
  tiktok: {
    domains: ['tiktok.com'],
    subdomain: COMMON_SUBDOMAINS,
    fromHandle: tiktokUrl,
    fromPath(segments) {
      const [first] = segments;
      if (!first || segments.length > 1) return null;
      if (!first.startsWith('@') && TIKTOK_RESERVED.has(first.toLowerCase())) return null;
      return tiktokUrl(first);
    },
  },
  youtube: {
    domains: ['youtube.com'],
    subdomain: COMMON_SUBDOMAINS,
    fromHandle: youtubeUrl,
    fromPath([first, second, ...rest]) {
      if (!first) return null;
      if (first.startsWith('@'))
        return youtubeTail(second === undefined ? [] : [second, ...rest]) ? youtubeUrl(first) : null;
      const kind = first.toLowerCase();
      if (kind === 'channel') {
        // A channel's id: UC and 22 more characters, kept as written (its case matters).
        if (!second || !/^UC[A-Za-z0-9_-]{22}$/.test(second) || !youtubeTail(rest)) return null;
        return `https://www.youtube.com/channel/${second}`;
      }
      if (kind === 'c' || kind === 'user') {
        // The older custom and user addresses, kept as written.
        if (!second || !/^[\p{L}\p{N}._-]{1,100}$/u.test(second) || !youtubeTail(rest)) return null;
        return `https://www.youtube.com/${kind}/${second}`;
      }
      if (YOUTUBE_RESERVED.has(kind) || !youtubeTail(second === undefined ? [] : [second, ...rest]))
        return null;
      // youtube.com/{name}: the channel's name, now its handle.
      return youtubeUrl(first);
    },
  },
  facebook: {
    domains: ['facebook.com', 'fb.com', 'fb.me'],
    // Besides www and m: the language sites (fr-ca.facebook.com) and the other phone and web ones.
    subdomain: /^(?:www|m|mobile|web|touch|mbasic|[a-z]{2}(?:-[a-z]{2})?)$/,
    fromHandle: facebookUrl,
    fromPath(segments, query) {
      const [first, second, third, ...rest] = segments;
      if (!first) return null;
      const kind = first.toLowerCase();
      if (kind === 'profile.php') {
        const id = facebookId(query.get('id'));
        return id && segments.length === 1 ? facebookIdUrl(id) : null;
      }
      // facebook.com/people/{name}/{number} and the older facebook.com/pages/{name}/{number}.
      if (kind === 'people' || kind === 'pages') {
        const id = facebookId(third);
        return id && rest.length === 0 ? facebookIdUrl(id) : null;
      }
      if (FACEBOOK_RESERVED.has(kind)) return null;
      if (third !== undefined || (second !== undefined && !FACEBOOK_TABS.has(second.toLowerCase())))
        return null;
      return facebookUrl(first);
    },
  },
};

/** The network whose domains `host` belongs to, as one of its allowed subdomains or bare. */
function networkOfHost(host: string): SocialNetwork | null {
  for (const name of SOCIAL_NETWORKS) {
    const network = NETWORKS[name];
    for (const domain of network.domains) {
      if (host === domain) return name;
      if (host.endsWith(`.${domain}`) && network.subdomain.test(host.slice(0, -domain.length - 1)))
        return name;
    }
  }
  return null;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Reads `text` as an address (with or without its scheme), or null when it is not one. */
function asAddress(text: string): URL | null {
  const hasScheme = SCHEME.test(text);
  if (hasScheme && !/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(hasScheme ? text : `https://${text.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
}

// Endings that make a word with periods read as a site's name rather than a handle ("maya.com").
const SITE_ENDINGS = /\.(?:com|net|org|ca|fr|io|co|uk|de|be|ch|app|shop|store|link|bio|ly|me)$/;

/**
 * Whether `text` reads as an address rather than a handle: a scheme, a slash, `www.`, a network's
 * own domain, or a site's name.
 */
function looksLikeAddress(text: string): boolean {
  if (SCHEME.test(text) || text.includes('/')) return true;
  const host = text.toLowerCase().split(/[?#]/)[0]!;
  return host.startsWith('www.') || SITE_ENDINGS.test(host) || networkOfHost(host) !== null;
}

/**
 * The stored address of what a person typed in `network`'s field, or null when it cannot be one:
 * empty, another site's address, an address of the network that is not a profile (a post, a
 * video, a search), or a handle the network does not allow.
 */
export function socialProfileUrl(network: SocialNetwork, typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  const rules = NETWORKS[network];
  if (!looksLikeAddress(text)) {
    // A handle, with or without its @.
    return rules.fromHandle(text.startsWith('@') ? text.slice(1) : text);
  }
  const address = asAddress(text);
  if (!address || address.username || address.password || address.port) return null;
  if (networkOfHost(address.hostname.toLowerCase().replace(/\.$/, '')) !== network) return null;
  let segments: string[];
  try {
    segments = address.pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  return rules.fromPath(segments, address.searchParams);
}
