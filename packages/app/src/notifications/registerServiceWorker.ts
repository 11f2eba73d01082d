/**
 * Registers the service worker of the built app (/sw.js: the app shell offline, Web Push). Not in
 * development, where Vite serves modules that must not be cached.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker Parley still works; it only opens less quickly and has no Web Push.
    });
  };
  if (document.readyState === 'complete') register();
  else globalThis.addEventListener('load', register, { once: true });
}
