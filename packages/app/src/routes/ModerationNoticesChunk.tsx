import { ConnectedModerationNotices } from '@parley/ui';

/** Issue 29's notices as their own chunk: AuthenticatedLayout loads it when one is waiting. */
export default function ModerationNoticesChunk() {
  return <ConnectedModerationNotices />;
}
