import { useParleyClient, useSdkState } from '@parley/ui';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';

// The call code (prompt, overlay, captions) is loaded on the first call, placed or received.
const CallLayer = lazy(() => import('./CallLayerChunk'));

/** The signed-in pages, with the current call (if any) above whichever page is open. */
export function AuthenticatedLayout() {
  const client = useParleyClient();
  const calls = useSdkState(client.calls.state);
  // The chat socket stays open on every signed-in page (the sdk counts its holders), so a call
  // rings, the Notifications badge moves and a hidden tab notifies wherever the person is.
  useEffect(() => client.socket.connect(), [client]);
  return (
    <>
      <Outlet />
      {calls.current ? (
        <Suspense fallback={null}>
          <CallLayer />
        </Suspense>
      ) : null}
    </>
  );
}
