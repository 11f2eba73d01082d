import { useRouter } from '@tanstack/react-router';

/** App paths from the ui go through the router (no page reload). */
export function usePush() {
  const router = useRouter();
  return (path: string) => router.history.push(path);
}
