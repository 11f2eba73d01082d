import { ACCOUNT_STRINGS, SettingsScreen, useParleyClient, useToast } from '@parley/ui';
import { setDeviceNotificationsOn } from '../notifications/devicePreference';
import { unsubscribeDevice } from '../notifications/pushSubscription';
import { useDeviceNotifications } from '../notifications/useDeviceNotifications';
import { usePush } from './usePush';

export function SettingsRoute() {
  const push = usePush();
  const client = useParleyClient();
  const deviceNotifications = useDeviceNotifications(client);
  const toast = useToast();
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
      // The server removed the account's push subscriptions; this device's switch goes off too.
      onAccountDeleted={() => {
        setDeviceNotificationsOn(false);
        toast.show(ACCOUNT_STRINGS.accountControls.deleted);
        push('/login');
      }}
    />
  );
}
