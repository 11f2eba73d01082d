import type { ParleyClient } from '@parley/chat-sdk';
import type { DeviceNotificationsControl } from '@parley/ui';
import { useCallback, useState } from 'react';
import {
  deviceNotificationsOn,
  notificationsSupported,
  setDeviceNotificationsOn,
} from './devicePreference';
import { subscribeDevice, unsubscribeDevice } from './pushSubscription';

function currentState(): DeviceNotificationsControl['state'] {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && deviceNotificationsOn() ? 'on' : 'off';
}

/**
 * Settings' per-device notifications switch. Turning it on is the person's action that asks the
 * browser's permission (never asked otherwise); a refusal shows as blocked and is not asked again.
 */
export function useDeviceNotifications(client: ParleyClient): DeviceNotificationsControl {
  const [state, setState] = useState(currentState);
  const [busy, setBusy] = useState(false);
  const [pushUnavailable, setPushUnavailable] = useState(false);

  const onChange = useCallback(
    (on: boolean) => {
      setBusy(true);
      void (async () => {
        try {
          if (!on) {
            setDeviceNotificationsOn(false);
            await unsubscribeDevice(client);
            return;
          }
          const permission =
            Notification.permission === 'default'
              ? await Notification.requestPermission()
              : Notification.permission;
          if (permission !== 'granted') return;
          setDeviceNotificationsOn(true);
          setState('on');
          setPushUnavailable(!(await subscribeDevice(client)));
        } finally {
          setState(currentState());
          setBusy(false);
        }
      })();
    },
    [client],
  );

  return { state, busy, pushUnavailable, onChange };
}
