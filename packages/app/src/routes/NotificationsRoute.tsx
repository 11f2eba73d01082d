import { NotificationsScreen } from '@parley/ui';

export function NotificationsRoute() {
  return <NotificationsScreen />;
}
