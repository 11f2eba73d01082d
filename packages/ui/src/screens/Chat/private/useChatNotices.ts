import type { ParleyClient, TierLimitWarningFrame } from '@parley/chat-sdk';
import { useEffect, useState } from 'react';
import type { ToastApi } from '../../../components/Toast/ToastProvider';
import { MEDIA_STRINGS } from '../../../mediaStrings';

/**
 * What the socket and the chat tell the writer: the socket's rejection and a failed voice upload
 * as toasts; the free plan's tier-limit warning and 'Upgrade for Full Access' (a subscription
 * required, or the voice limit reached — spec §8) as dialogs the screen shows.
 */
export function useChatNotices(client: ParleyClient, toast: ToastApi) {
  const [tierLimit, setTierLimit] = useState<TierLimitWarningFrame | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  useEffect(
    () => client.socket.on('error', (e) => toast.show({ message: e.message, tone: 'error' })),
    [client, toast],
  );

  useEffect(() => {
    const offTier = client.chat.on('tierLimit', (frame) => setTierLimit(frame));
    const offUpgrade = client.chat.on('subscriptionRequired', () => setUpgradeOpen(true));
    return () => {
      offTier();
      offUpgrade();
    };
  }, [client]);

  // Voice notes: a failed upload is a toast (the message stays, retryable); the plan's limit opens
  // 'Upgrade for Full Access' (spec §8).
  useEffect(() => {
    const offFailed = client.chat.on('voiceUploadFailed', () =>
      toast.show({ message: MEDIA_STRINGS.voiceUploadFailed, tone: 'error' }),
    );
    const offLimit = client.chat.on('voiceLimitReached', () => setUpgradeOpen(true));
    return () => {
      offFailed();
      offLimit();
    };
  }, [client, toast]);

  return { tierLimit, setTierLimit, upgradeOpen, setUpgradeOpen };
}
