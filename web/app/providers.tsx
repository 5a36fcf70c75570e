import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { AlertModal } from '../components/AlertModal';
import { AppToaster } from '../components/AppToaster';
import { UpdatingOverlay } from '../components/UpdatingOverlay';
import { i18n } from '../lib/i18n';

/** Everything every page shares: translations, the query cache, toasts, the alert and the overlay. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
        <AlertModal />
        <UpdatingOverlay />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
