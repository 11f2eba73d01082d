import type { Decorator } from '@storybook/react-vite';
import { type ReactNode, useEffect } from 'react';
import { useParleyClient, useSession } from '../context/ParleyProvider';

/** Right-to-left rendering as for an Arabic-speaking user. */
export const rtl: Decorator = (Story) => (
  <div dir="rtl" lang="ar">
    <Story />
  </div>
);

/** Padding for components shown with the fullscreen layout. */
export const padded: Decorator = (Story) => (
  <div style={{ padding: '1rem' }}>
    <Story />
  </div>
);

/** Signs the story's client in (MSW answers login and me) and renders the story once signed in. */
export const signedIn: Decorator = (Story) => (
  <SignedIn>
    <Story />
  </SignedIn>
);

/** Signs the client in and renders `children` once signed in (the long-conversation bench too). */
export function SignedIn({ children }: { children: ReactNode }) {
  const client = useParleyClient();
  const session = useSession();
  useEffect(() => {
    if (client.session.state.status !== 'signedIn') void client.session.signIn('ana', 'secret');
  }, [client]);
  return session.status === 'signedIn' && session.user ? children : null;
}
