import { SettingsScreen, useParleyClient } from '@parley/ui';
import { useDeviceNotifications } from '../notifications/useDeviceNotifications';
import { usePush } from './usePush';

export function SettingsRoute() {
  const push = usePush();
  const deviceNotifications = useDeviceNotifications(useParleyClient());
  return (
    <SettingsScreen
      onNavigate={push}
      onSignedOut={() => push('/login')}
      deviceNotifications={deviceNotifications}
    />
  );
}
