// The profile page with the connected accounts' section in it: two features composed by the app
// (a feature imports no other). One module, so the route still loads as one chunk.
import { IntegrationsSection } from '../../features/integrations/IntegrationsSection';
import { SettingsPage } from '../../features/profile/SettingsPage';

export function ProfileRoute() {
  return <SettingsPage integrations={<IntegrationsSection />} />;
}
