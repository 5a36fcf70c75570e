import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader } from '../../components/PublicHeader';
import { useSubpartner } from '../../components/SubpartnerBrand';

export type CardLayoutVariant = 'signin-2' | 'signin-3' | 'card';

const STEP: Record<CardLayoutVariant, number | null> = { 'signin-2': 1, 'signin-3': 2, card: null };
const TOTAL_STEPS = 2;

/**
 * Sign-in layouts 2 and 3 and the plain card: a centred card on a warm backdrop. Layout 2
 * (registration step 1) is a narrow card marked "1 of 2"; layout 3 (step 2, the longer form)
 * is a wide card with a brand band, marked "2 of 2".
 */
export function SignInCardLayout({ variant }: { variant: CardLayoutVariant }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // On a sub-partner's pages (/{subpartner}/…): its logo, leading back to its own sign-in.
  const subpartner = useSubpartner();
  // Layout 2 also frames the white-label sign-in (/{subpartner}/login), which is no registration step.
  const step = pathname.endsWith('/login') ? null : STEP[variant];
  const wide = variant === 'signin-3';
  return (
    <div data-layout={variant} className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <Backdrop wide={wide} />
      <PublicHeader subpartner={subpartner} />
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center sm:py-10"
      >
        <div className={`card w-full overflow-hidden ${wide ? 'max-w-3xl' : 'max-w-md'}`}>
          {wide ? (
            <div className="h-2 bg-gradient-to-r from-sun via-brand-500 to-rose-500" aria-hidden="true" />
          ) : null}
          <div className={wide ? 'p-6 sm:p-10' : 'p-6 sm:p-8'}>
            {step !== null ? (
              <StepMarker step={step} label={t('signin.step', { current: step, total: TOTAL_STEPS })} />
            ) : null}
            <Outlet />
          </div>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}

function StepMarker({ step, label }: { step: number; label: string }) {
  return (
    <div className="mb-6" data-testid="step-marker">
      <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
        {label}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-1.5" aria-hidden="true">
        {Array.from({ length: TOTAL_STEPS }, (_, index) => (
          <span
            key={index}
            className={`h-1.5 rounded-full ${index < step ? 'bg-brand-600 dark:bg-brand-400' : 'bg-stone-200 dark:bg-stone-700'}`}
          />
        ))}
      </div>
    </div>
  );
}

function Backdrop({ wide }: { wide: boolean }) {
  return (
    <div className="pointer-events-none absolute inset-0 -z-10" aria-hidden="true">
      <div
        className={`absolute rounded-full blur-3xl ${
          wide
            ? '-top-40 -left-40 h-[28rem] w-[28rem] bg-amber-200/50 dark:bg-amber-500/10'
            : '-top-32 -right-32 h-[26rem] w-[26rem] bg-brand-200/60 dark:bg-brand-500/10'
        }`}
      />
      <div
        className={`absolute rounded-full blur-3xl ${
          wide
            ? '-right-32 -bottom-40 h-[26rem] w-[26rem] bg-rose-200/50 dark:bg-rose-500/10'
            : '-bottom-40 -left-32 h-[24rem] w-[24rem] bg-amber-100/70 dark:bg-amber-400/10'
        }`}
      />
    </div>
  );
}
