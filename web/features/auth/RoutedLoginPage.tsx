import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TitleKey } from '../../lib/page-keys';
import { SubpartnerBrand, useSubpartner } from '../../components/SubpartnerBrand';
import { LoginPage } from './LoginPage';

/** The sign-in page inside the full app: `/{subpartner}`, `/{subpartner}/login`, and `/login` once the app is loaded. */
export function RoutedLoginPage({ titleKey, showTagline }: { titleKey: TitleKey; showTagline: boolean }) {
  const subpartner = useSubpartner();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  return (
    <LoginPage
      titleKey={titleKey}
      showTagline={showTagline}
      brand={subpartner ? <SubpartnerBrand subpartner={subpartner} /> : undefined}
      prefix={subpartner ? `/${subpartner.slug}` : ''}
      forgotInitiallyOpen={searchParams.has('forgot')}
      // A new session starts from an empty cache.
      onSignedIn={() => queryClient.clear()}
    />
  );
}
