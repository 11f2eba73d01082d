import { SuspendedScreen } from '@parley/ui';

export function SuspendedRoute() {
  return <SuspendedScreen />;
}
