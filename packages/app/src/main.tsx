import '@parley/ui/styles.css';
import './app.css';
import { createParleyClient } from '@parley/chat-sdk';
import { ChatThemeScope, ParleyProvider, ToastProvider } from '@parley/ui';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchForAttention } from './notifications/attention';
import { registerServiceWorker } from './notifications/registerServiceWorker';
import { RouterLink } from './RouterLink';
import { createAppRouter } from './router';

// The app is served from the same origin as the API and the socket (see docs/protocol.md).
const client = createParleyClient({ apiUrl: '' });
const router = createAppRouter(client);

client.on('session:expired', () => {
  const here = router.state.location.href;
  void router.navigate({ to: '/login', search: here === '/login' ? {} : { redirect: here } });
});

// The persisted user may be stale; `me` refreshes it (and the access token, through the 401 rule).
void client.ready.then(() => {
  if (client.session.state.accessToken) void client.session.refreshUser();
});

// Installable app: the service worker keeps the app shell and receives Web Push.
registerServiceWorker();
// A hidden tab tells of new messages: unread count in the title and favicon, notifications, sound.
watchForAttention(client, { navigate: (path) => router.history.push(path) });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Parley needs an element with id "root" to mount into.');

createRoot(rootElement).render(
  <StrictMode>
    <ParleyProvider client={client} linkComponent={RouterLink}>
      <ToastProvider>
        <ChatThemeScope>
          <RouterProvider router={router} />
        </ChatThemeScope>
      </ToastProvider>
    </ParleyProvider>
  </StrictMode>,
);
