/**
 * Whether this device shows Parley's notifications: a per-device choice (Settings), stored in
 * this browser only, and honoured only while the browser's permission is granted.
 */
const KEY = 'parley.deviceNotifications';

export function notificationsSupported(): boolean {
  return typeof Notification !== 'undefined';
}

export function deviceNotificationsOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setDeviceNotificationsOn(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(KEY, 'on');
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/** On for this device and permitted by the browser. */
export function notificationsWanted(): boolean {
  return (
    notificationsSupported() && Notification.permission === 'granted' && deviceNotificationsOn()
  );
}
