import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { Icon, type IconName } from '../../components/icons';
import { PreferenceControls } from '../../components/PreferenceControls';
import { PublicFooter } from '../../components/PublicFooter';

/**
 * Sign-in layout 1: the brand panel with the tagline beside (or, on phones, above) the form card.
 * Without React Router: /login's light shell frames its page with it (decisions/015).
 */
export function SignInSplitFrame({
  children,
  logo,
}: {
  children: ReactNode;
  /** The brand panel's logo instead of the program's (a sub-partner's, linked to its pages). */
  logo?: ReactNode;
}) {
  const { t } = useTranslation();
  const perks: { icon: IconName; text: string }[] = [
    { icon: 'badge', text: t('signin.perk_code') },
    { icon: 'chart', text: t('signin.perk_sales') },
    { icon: 'wallet', text: t('signin.perk_cashout') },
  ];
  return (
    <div
      data-layout="signin-1"
      className="flex min-h-dvh flex-col lg:grid lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)]"
    >
      <header className="relative isolate overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-rose-800 px-6 pt-6 pb-10 text-white sm:px-10 lg:flex lg:min-h-dvh lg:flex-col lg:justify-between lg:p-14">
        <SunDecoration />
        {logo ?? <BrandLogo tone="inverse" className="text-lg lg:text-xl" />}
        <div className="mt-8 max-w-lg lg:mt-0">
          <p className="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {t('brand.tagline')}
          </p>
          <ul className="mt-6 hidden gap-3 sm:grid lg:mt-10">
            {perks.map((perk) => (
              <li key={perk.icon} className="flex items-center gap-3 text-base font-medium text-orange-50">
                <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25">
                  <Icon name={perk.icon} />
                </span>
                {perk.text}
              </li>
            ))}
          </ul>
        </div>
        <p className="hidden text-sm text-orange-100 lg:block">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </header>
      <div className="flex flex-1 flex-col lg:min-h-dvh">
        <section aria-label={t('shell.preferences')} className="flex justify-end px-4 pt-4 sm:px-6">
          <PreferenceControls />
        </section>
        <main
          id="main"
          tabIndex={-1}
          className="flex flex-1 items-start justify-center px-4 pt-2 pb-8 sm:px-6 lg:items-center lg:py-8"
        >
          <div className="card w-full max-w-md p-6 sm:p-8">{children}</div>
        </main>
        <PublicFooter />
      </div>
    </div>
  );
}

function SunDecoration() {
  return (
    <svg
      className="pointer-events-none absolute -top-24 -right-24 -z-10 h-80 w-80 text-amber-300/25 lg:-right-32 lg:-bottom-32 lg:top-auto lg:h-[34rem] lg:w-[34rem]"
      viewBox="0 0 200 200"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="100" cy="100" r="46" fill="currentColor" />
      <g stroke="currentColor" strokeWidth="10" strokeLinecap="round">
        {Array.from({ length: 12 }, (_, index) => {
          const angle = (index * Math.PI) / 6;
          return (
            <line
              key={index}
              x1={100 + Math.cos(angle) * 62}
              y1={100 + Math.sin(angle) * 62}
              x2={100 + Math.cos(angle) * 88}
              y2={100 + Math.sin(angle) * 88}
            />
          );
        })}
      </g>
    </svg>
  );
}
