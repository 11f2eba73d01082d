import { GoogleDriveLoginScreen } from '@parley/ui';
import { useSearch } from '@tanstack/react-router';

/**
 * /google-drive/login: sends the browser to Google's consent page, or shows why the last attempt
 * failed (`?error=` from the server's callback) or that the server has no Drive connection.
 */
export function GoogleDriveLoginRoute() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const error = typeof search.error === 'string' ? search.error : null;
  return <GoogleDriveLoginScreen error={error} />;
}
