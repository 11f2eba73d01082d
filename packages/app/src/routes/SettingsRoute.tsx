import { SettingsScreen } from '@parley/ui';
import { usePush } from './usePush';

export function SettingsRoute() {
  const push = usePush();
  return <SettingsScreen onNavigate={push} onSignedOut={() => push('/login')} />;
}
