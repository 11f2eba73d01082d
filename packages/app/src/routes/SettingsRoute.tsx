import { interfaceLanguageOf } from '@parley/chat-sdk/auth';
import type { InterfaceLocale } from '@parley/chat-sdk/i18n';
import { ACCOUNT_STRINGS, SettingsScreen, useParleyClient, useToast } from '@parley/ui';
import { useSnapshot } from 'valtio';
import { useInterfaceLocaleControl } from '../interfaceLocaleContext';
import { setDeviceNotificationsOn } from '../notifications/devicePreference';
import { unsubscribeDevice } from '../notifications/pushSubscription';
import { useDeviceNotifications } from '../notifications/useDeviceNotifications';
import { usePush } from './usePush';

export function SettingsRoute() {
  const push = usePush();
  const client = useParleyClient();
  const deviceNotifications = useDeviceNotifications(client);
  const toast = useToast();
  const localeControl = useInterfaceLocaleControl();
  const { user } = useSnapshot(client.session.state);
  return (
    <SettingsScreen
      // Issue 27: 'Interface language' (null: follow the chat language); applies at once, saved.
      interfaceLanguage={interfaceLanguageOf(user)}
      onInterfaceLanguageChange={(locale: InterfaceLocale | null) =>
        localeControl.chooseInSettings(locale)
      }
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
