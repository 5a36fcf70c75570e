// A page's cards: a widget card with its heading (and a link to more), and the brand's headline
// card with the figure that matters most.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FitText } from './fit-text';
import { Glyph, type GlyphName } from './glyphs';
import { Skeleton } from './skeleton';

export function Widget({
  id,
  title,
  icon,
  action,
  children,
  className = '',
  testId,
}: {
  id: string;
  title: string;
  icon?: GlyphName;
  action?: { to: string; label: string; testId?: string };
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const headingId = `widget-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`card flex h-full min-w-0 flex-col p-5 sm:p-6 ${className}`}
      data-testid={testId}
    >
      <div className="mb-4 flex items-center gap-2">
        {icon ? (
          <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            <Glyph name={icon} width={18} height={18} />
          </span>
        ) : null}
        <h2 id={headingId} className="text-base font-semibold tracking-tight">
          {title}
        </h2>
        {action ? (
          <Link
            to={action.to}
            className="link ml-auto shrink-0 text-sm whitespace-nowrap"
            data-testid={action.testId}
          >
            {action.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/**
 * A page's headline card: warm brand colours, the number that matters most as the largest thing
 * on screen (this month's commissions, the payable balance), and room below it for the rest.
 * While `figure` is undefined, a skeleton as tall as the figure holds its place.
 */
export function BrandHero({
  labelId,
  label,
  figure,
  figureTestId,
  className = '',
  testId,
  children,
}: {
  labelId: string;
  label: string;
  figure: string | undefined;
  figureTestId: string;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={labelId}
      className={`relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-800 to-rose-900 p-6 text-white shadow-sm sm:p-8 ${className}`}
      data-testid={testId}
    >
      <div
        className="absolute -top-20 -right-16 -z-10 h-60 w-60 rounded-full bg-amber-300/20 blur-2xl"
        aria-hidden="true"
      />
      <h2 id={labelId} className="text-sm font-medium text-orange-100">
        {label}
      </h2>
      {figure !== undefined ? (
        <FitText
          as="p"
          text={figure}
          className="mt-2 text-5xl font-bold tracking-tight tabular-nums sm:text-6xl"
          data-testid={figureTestId}
        />
      ) : (
        // As tall as the figure (text-5xl/6xl, line height 1): nothing moves when it arrives.
        <Skeleton className="mt-2 h-12 w-56 bg-white/20 sm:h-15 dark:bg-white/20" />
      )}
      {children}
    </section>
  );
}
