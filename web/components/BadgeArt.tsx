// The badges' own artwork: a medal on a ribbon, its colour by what the badge measures and its
// mark the milestone itself (the count of sales, the dollars, or a drawn sign). A badge not yet
// earned is drawn in greys. Decorative: the badge's name is always written beside it.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BadgeId, BadgeMetric } from '../../common/badges';

const COLOURS: Record<BadgeMetric, [light: string, dark: string, ribbon: string]> = {
  sales: ['#fbbf24', '#ea580c', '#f97316'],
  earned: ['#6ee7b7', '#047857', '#10b981'],
  cashouts: ['#7dd3fc', '#0369a1', '#0ea5e9'],
  profile: ['#c4b5fd', '#6d28d9', '#8b5cf6'],
  challenges: ['#fda4af', '#be123c', '#f43f5e'],
};
const LOCKED: [string, string, string] = ['#e7e5e4', '#a8a29e', '#d6d3d1'];

/** The count of sales written on the medal; the dollar badges write their thousands (in the locale's words). */
const SALES_MARKS: Partial<Record<BadgeId, string>> = {
  first_sale: '1',
  sales_10: '10',
  sales_50: '50',
  sales_100: '100',
  sales_250: '250',
};
const THOUSANDS: Partial<Record<BadgeId, number>> = { earned_1000: 1, earned_5000: 5 };

function Sign({ id }: { id: BadgeId }) {
  const stroke = {
    fill: 'none',
    stroke: '#fff',
    strokeWidth: 3,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  if (id === 'first_cashout')
    // A banknote.
    return (
      <g {...stroke}>
        <rect x="21" y="25" width="22" height="14" rx="2.5" />
        <circle cx="32" cy="32" r="3" />
      </g>
    );
  if (id === 'profile_complete')
    return (
      <g {...stroke}>
        <circle cx="32" cy="27" r="5" />
        <path d="M22.5 41c1.8-5 5.3-7.5 9.5-7.5s7.7 2.5 9.5 7.5" />
      </g>
    );
  // challenge_met: a flag on its pole.
  return (
    <g {...stroke}>
      <path d="M25 43V21" />
      <path d="M25 22.5h14l-3.5 5 3.5 5H25" />
    </g>
  );
}

export function BadgeArt({
  id,
  metric,
  earned,
  size = 64,
}: {
  id: BadgeId;
  metric: BadgeMetric;
  earned: boolean;
  size?: number;
}) {
  const gradient = useId();
  const [light, dark, ribbon] = earned ? COLOURS[metric] : LOCKED;
  const { t } = useTranslation();
  const thousands = THOUSANDS[id];
  const mark =
    SALES_MARKS[id] ??
    (thousands === undefined ? undefined : t('engagement.badges_page.mark_thousands', { n: thousands }));
  return (
    <svg
      viewBox="0 0 64 72"
      width={size}
      height={(size * 72) / 64}
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
      data-earned={earned}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      {/* The ribbon's two tails behind the medal. */}
      <path d="M18 44 10 68l9-4 5 7 8-22z" fill={ribbon} opacity={0.85} />
      <path d="M46 44l8 24-9-4-5 7-8-22z" fill={ribbon} />
      <circle cx="32" cy="32" r="26" fill={`url(#${gradient})`} />
      <circle cx="32" cy="32" r="20.5" fill="none" stroke="#fff" strokeOpacity={0.55} strokeWidth={2} />
      {mark ? (
        <text
          x="32"
          y="32"
          textAnchor="middle"
          dominantBaseline="central"
          fill="#fff"
          fontWeight={800}
          fontSize={mark.length > 3 ? 11 : mark.length > 2 ? 13 : 17}
          fontFamily="inherit"
        >
          {mark}
        </text>
      ) : (
        <Sign id={id} />
      )}
    </svg>
  );
}
