import type { SessionClient } from '@parley/chat-sdk';
import { useEffect, useState } from 'react';

/**
 * Whether this server says it takes no payments (GET /meta/capabilities `payments.mode`, a
 * Parley extension): false until it answers, and for a backend that does not say (a spec
 * backend offers its plans as usual).
 */
export function usePaymentsUnavailable(client: SessionClient): boolean {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    client.api.meta.capabilities().then(
      (caps) => {
        if (live) setUnavailable(caps.payments?.mode === 'unavailable');
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  return unavailable;
}
