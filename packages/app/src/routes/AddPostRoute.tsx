import { AddPostScreen } from '@parley/ui';
import { useNavigate, useRouter } from '@tanstack/react-router';

/** /add-post: Cancel and a successful post go back one page (home when there is none). */
export function AddPostRoute() {
  const router = useRouter();
  const navigate = useNavigate();
  return (
    <AddPostScreen
      onDone={() => {
        if (router.history.canGoBack()) router.history.back();
        else void navigate({ to: '/' });
      }}
    />
  );
}
