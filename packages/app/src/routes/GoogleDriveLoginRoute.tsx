import { GoogleDriveNotSetUpScreen } from '@parley/ui';

/** No Drive connection is configured on this server (docs/payments-and-organisations.md). */
export function GoogleDriveLoginRoute() {
  return <GoogleDriveNotSetUpScreen />;
}
