import { GoogleDriveSuccessScreen } from '@parley/ui';
import { usePush } from './usePush';

export function GoogleDriveSuccessRoute() {
  const push = usePush();
  return <GoogleDriveSuccessScreen onNavigate={push} />;
}
