import { NotFoundScreen } from '@parley/ui';

export function NotFoundRoute() {
  return <NotFoundScreen />;
}
