import '@parley/ui/styles.css';
import './app.css';
import { createSessionClient } from '@parley/chat-sdk/auth';
import { ChatThemeScope, ParleyProvider, ToastProvider } from '@parley/ui';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { type InterfaceLocaleControl, startInterfaceLocale } from './interfaceLocale';
import { InterfaceLocaleContext, useActiveInterfaceLocale } from './interfaceLocaleContext';
import { registerServiceWorker } from './notifications/registerServiceWorker';
import { prefetchedFetch } from './prefetchedFetch';
import { RouterLink } from './RouterLink';
import { createAppRouter } from './router';
import { wholeClientLoader } from './wholeClient';

// The app is served from the same origin as the API and the socket (see docs/protocol.md).
// A first visit loads only the session part of the sdk; signed-in pages load the rest.
// Its fetch first hands over the API answers route-preload.js asked for (prefetchedFetch.ts).
const client = createSessionClient({ apiUrl: '', fetch: prefetchedFetch() });
const wholeClient = wholeClientLoader(client, (path) => router.history.push(path));
const router = createAppRouter(client, wholeClient);

// Issue 29: the server closed the chat because a moderator suspended the account. The session is
// cleared as for an expired one; the person is told why instead of being sent to sign in again.
client.on('session:suspended', () => {
  router.history.push('/suspended');
});

client.on('session:expired', () => {
  const here = router.state.location.href;
  void router.navigate({ to: '/login', search: here === '/login' ? {} : { redirect: here } });
});

// The persisted user may be stale; `me` refreshes it (and the access token, through the 401 rule).
// Someone signed in is headed for a signed-in page: fetch the rest of the client meanwhile, not
// after the router asks for it (a failure here is retried by the route).
void client.ready.then(() => {
  if (!client.session.state.accessToken) return;
  void client.session.refreshUser();
  wholeClient.load().catch(() => undefined);
});

// Installable app: the service worker keeps the app shell and receives Web Push.
registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Parley needs an element with id "root" to mount into.');

function App({ localeControl }: { localeControl: InterfaceLocaleControl }) {
  // Every switch re-renders from here: the ui's provider hands the locale to its screens.
  const locale = useActiveInterfaceLocale();
  return (
    <InterfaceLocaleContext.Provider value={localeControl}>
      <ParleyProvider client={client} linkComponent={RouterLink} locale={locale}>
        <ToastProvider>
          <ChatThemeScope>
            <RouterProvider router={router} />
          </ChatThemeScope>
        </ToastProvider>
      </ParleyProvider>
    </InterfaceLocaleContext.Provider>
  );
}

// Issue 27: the first render already speaks the person's language (its chunk downloaded first,
// `<html lang dir>` set), so a Spanish or Arabic page never flashes English or left to right.
void startInterfaceLocale(client, {
  onLoadFailure: (error) => console.warn('[parley] the interface language could not load', error),
}).then((localeControl) => {
  createRoot(rootElement).render(
    <StrictMode>
      <App localeControl={localeControl} />
    </StrictMode>,
  );
});
