import { ProfileScreen } from '@parley/ui';
import { useNavigate, useParams } from '@tanstack/react-router';

/** /user/:username: Chat opens the chat screen with that user (spec §2, navigation state). */
export function ProfileRoute() {
  const { username } = useParams({ strict: false }) as { username?: string };
  const navigate = useNavigate();
  return (
    <ProfileScreen
      username={username ?? ''}
      onOpenChat={(chatUser) => void navigate({ to: '/', state: { chatUser } })}
    />
  );
}
