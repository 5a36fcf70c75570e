// The Sunbite mark: a gummy-shaped sun (a rounded bite with rays) beside the wordmark.
// Drawn for this project; sizes with the surrounding font size.
import { useId } from 'react';
import { BRAND } from '../../common/brand';

// 'Sunbite Partners' is drawn as the brand name plus the program word in the accent colour.
const PROGRAM_WORD = BRAND.programName.replace(BRAND.name, '').trim();

interface BrandLogoProps {
  /** `full`: mark and wordmark; `mark`: the sun alone. */
  variant?: 'full' | 'mark';
  /** `inverse` for use on the coloured brand panel. */
  tone?: 'default' | 'inverse';
  className?: string;
  /** Accessible name; when absent the logo is decorative (the enclosing link names it). */
  label?: string;
  /** Hide the wordmark on phones, where the header has little room. */
  compact?: boolean;
}

export function BrandLogo({
  variant = 'full',
  tone = 'default',
  className = '',
  label,
  compact = false,
}: BrandLogoProps) {
  const gradientId = useId();
  const inverse = tone === 'inverse';
  return (
    <span
      className={`inline-flex items-center gap-2 ${className}`}
      role={label ? 'img' : undefined}
      aria-label={label}
    >
      <svg viewBox="0 0 48 48" className="h-[1.9em] w-[1.9em] shrink-0" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fbbf24" />
            <stop offset="1" stopColor="#f97316" />
          </linearGradient>
        </defs>
        <g stroke={inverse ? '#fef3c7' : '#f59e0b'} strokeWidth="3.2" strokeLinecap="round">
          <path d="M24 3v5M24 40v5M3 24h5M40 24h5M9.2 9.2l3.5 3.5M35.3 35.3l3.5 3.5M9.2 38.8l3.5-3.5M35.3 12.7l3.5-3.5" />
        </g>
        {/* The gummy: a soft rounded square with a bite taken out of its top-right corner. */}
        <path
          d="M16 13h10.5a5.5 5.5 0 0 0 8.5 5.3V29a6 6 0 0 1-6 6H16a6 6 0 0 1-6-6V19a6 6 0 0 1 6-6Z"
          fill={`url(#${gradientId})`}
          stroke={inverse ? '#fff7ed' : '#c2410c'}
          strokeWidth="1.6"
        />
        <path
          d="M16.5 19.5c1.5-1.6 3.5-2 5.5-1.6"
          stroke="#fff7ed"
          strokeWidth="2"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      {variant === 'full' ? (
        <span
          className={`text-[1.15em] font-extrabold tracking-tight whitespace-nowrap ${compact ? 'hidden sm:inline' : ''} ${inverse ? 'text-white' : 'text-stone-900 dark:text-white'}`}
          aria-hidden={label ? 'true' : undefined}
        >
          {BRAND.name}
          <span
            className={`font-semibold ${inverse ? 'text-amber-100' : 'text-brand-700 dark:text-brand-400'}`}
          >
            {' '}
            {PROGRAM_WORD}
          </span>
        </span>
      ) : null}
    </span>
  );
}
