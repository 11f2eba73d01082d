import type { ParleyClient } from '@parley/chat-sdk';
import { ParleyProvider, SignedInNav, useSdkState, useSession } from '@parley/ui';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useActiveInterfaceLocale } from '../interfaceLocaleContext';
import { setDeviceNotificationsOn } from '../notifications/devicePreference';
import { unsubscribeDevice } from '../notifications/pushSubscription';
import { RouterLink } from '../RouterLink';

// The call code (prompt, overlay, captions) is loaded on the first call, placed or received.
const CallLayer = lazy(() => import('./CallLayerChunk'));
// Issue 29: moderators' notices are rare; their dialog and card load when one is waiting.
const ModerationNotices = lazy(() => import('./ModerationNoticesChunk'));

/**
 * The signed-in pages, with the current call (if any) above whichever page is open. They get the
 * whole sdk client, which the route loaded before showing this layout (the app's outer provider
 * holds only the session part).
 */
export function AuthenticatedLayout() {
  const client = useRouter().options.context.wholeClient.current();
  // Issue 27: this inner provider speaks the same locale as the app's outer one.
  const locale = useActiveInterfaceLocale();
  if (!client)
    throw new Error('The signed-in layout shows only after its route loaded the client.');
  return (
    <ParleyProvider client={client} linkComponent={RouterLink} locale={locale}>
      <SignedInPages client={client} />
    </ParleyProvider>
  );
}

function SignedInPages({ client }: { client: ParleyClient }) {
  const calls = useSdkState(client.calls.state);
  const notices = useSdkState(client.moderationNotices.state);
  // The chat socket stays open on every signed-in page (the sdk counts its holders), so a call
  // rings, the Notifications badge moves and a hidden tab notifies wherever the person is.
  useEffect(() => client.socket.connect(), [client]);
  return (
    <>
      <Navigation client={client} />
      <Outlet />
      {/* Issue 29: a moderator's warning, or a report of mine acted on, on whichever page. */}
      {notices.notices.length > 0 ? (
        <Suspense fallback={null}>
          <ModerationNotices />
        </Suspense>
      ) : null}
      {calls.current ? (
        <Suspense fallback={null}>
          <CallLayer />
        </Suspense>
      ) : null}
    </>
  );
}

/** The way around every signed-in page: who I am, the chats, Posts, Dashboard, Settings. */
function Navigation({ client }: { client: ParleyClient }) {
  const session = useSession();
  const router = useRouter();
  const currentPath = useRouterState({ select: (state) => state.location.pathname });
  const user = session.user;
  if (!user) return null;
  return (
    <SignedInNav
      person={user}
      currentPath={currentPath}
      // As Settings' Logout: this device stops receiving the signed-out person's pushes first.
      onLogout={() => {
        setDeviceNotificationsOn(false);
        void unsubscribeDevice(client)
          .catch(() => undefined)
          .then(() => client.session.signOut())
          .then(() => router.history.push('/login'));
      }}
    />
  );
}
