import { ModerationScreen } from '@parley/ui';

export function ModerationRoute() {
  return <ModerationScreen />;
}
