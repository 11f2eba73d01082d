import { JoinOrgScreen } from '@parley/ui';
import { useParams } from '@tanstack/react-router';
import { usePush } from './usePush';

export function JoinOrgRoute() {
  const push = usePush();
  const { token } = useParams({ strict: false }) as { token?: string };
  return <JoinOrgScreen token={token ?? ''} onNavigate={push} />;
}
