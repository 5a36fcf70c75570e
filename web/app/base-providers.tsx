import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AlertModal } from '../components/AlertModal';
import { UpdatingOverlay } from '../components/UpdatingOverlay';
import { i18n } from '../lib/i18n';
import { useToasterWanted } from '../lib/toaster-demand';

const AppToaster = lazy(async () => ({ default: (await import('../components/AppToaster')).AppToaster }));

/** The toast region, loaded with the first code that can toast (lib/toaster-demand.ts). */
function ToastRegion() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/**
 * What every page shares but the query cache: translations, toasts, the alert and the overlay.
 * /login's light shell renders within these alone (decisions/015).
 */
export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {children}
      <ToastRegion />
      <AlertModal />
      <UpdatingOverlay />
    </I18nextProvider>
  );
}
