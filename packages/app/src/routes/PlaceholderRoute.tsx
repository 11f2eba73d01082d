import { Button, PlaceholderScreen, useParleyClient, useSession } from '@parley/ui';
import { useNavigate } from '@tanstack/react-router';

interface PlaceholderRouteProps {
  title: string;
  signedIn?: boolean;
}

/** A route of the spec's table whose screen a later issue builds. */
export function PlaceholderRoute({ title, signedIn = false }: PlaceholderRouteProps) {
  const client = useParleyClient();
  const session = useSession();
  const navigate = useNavigate();

  async function signOut() {
    await client.session.signOut();
    await navigate({ to: '/login' });
  }

  return (
    <PlaceholderScreen title={title}>
      {signedIn && session.user ? (
        <>
          <p>
            Signed in as <strong data-testid="current-username">{session.user.username}</strong>
          </p>
          <Button variant="secondary" onClick={signOut}>
            Log out
          </Button>
        </>
      ) : null}
    </PlaceholderScreen>
  );
}
