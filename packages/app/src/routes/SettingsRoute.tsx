import { SettingsScreen, useParleyClient } from '@parley/ui';
import { setDeviceNotificationsOn } from '../notifications/devicePreference';
import { unsubscribeDevice } from '../notifications/pushSubscription';
import { useDeviceNotifications } from '../notifications/useDeviceNotifications';
import { usePush } from './usePush';

export function SettingsRoute() {
  const push = usePush();
  const client = useParleyClient();
  const deviceNotifications = useDeviceNotifications(client);
  return (
    <SettingsScreen
      onNavigate={push}
      onSignedOut={() => push('/login')}
      deviceNotifications={deviceNotifications}
      // This device stops receiving the signed-out person's pushes.
      beforeSignOut={async () => {
        setDeviceNotificationsOn(false);
        await unsubscribeDevice(client);
      }}
    />
  );
}
