import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
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

/** Everything every page shares: translations, the query cache, toasts, the alert and the overlay. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastRegion />
        <AlertModal />
        <UpdatingOverlay />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
