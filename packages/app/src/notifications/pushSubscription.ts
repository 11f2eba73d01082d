import type { ParleyClient } from '@parley/chat-sdk';

/** URL-safe base64 (the VAPID key's form) to the bytes `pushManager.subscribe` wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return found ?? null;
}

/**
 * Subscribes this device to Web Push and tells the server (again: the server keeps one row per
 * endpoint). Resolves false when this browser has no service worker or push service.
 */
export async function subscribeDevice(client: ParleyClient): Promise<boolean> {
  const reg = await registration();
  if (!reg) return false;
  try {
    let subscription = await reg.pushManager.getSubscription();
    if (!subscription) {
      const { publicKey } = await client.api.push.publicKey();
      subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      });
    }
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
    await client.api.push.subscribe({
      endpoint: json.endpoint,
      keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    });
    return true;
  } catch {
    // No push service reachable (or refused): notifications still show while Parley is open.
    return false;
  }
}

/** Stops Web Push on this device, here and on the server. */
export async function unsubscribeDevice(client: ParleyClient): Promise<void> {
  const reg = await registration().catch(() => null);
  const subscription = await reg?.pushManager.getSubscription().catch(() => null);
  if (!subscription) return;
  await client.api.push.unsubscribe(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
