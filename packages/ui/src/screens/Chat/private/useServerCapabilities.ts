import type { Capabilities, ParleyClient } from '@parley/chat-sdk';
import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * What the server can translate, speak and transcribe (`/meta/capabilities`, asked once per
 * client), so the header never pretends: null until it answers, and when the call fails. The ref
 * gives the latest answer to callbacks that live outside renders (voice output).
 */
export function useServerCapabilities(client: ParleyClient): {
  capabilities: Capabilities | null;
  capabilitiesRef: RefObject<Capabilities | null>;
} {
  const [capabilities, setCapabilities] = useState<Capabilities | null>(null);
  const capabilitiesRef = useRef<Capabilities | null>(null);
  useEffect(() => {
    let cancelled = false;
    client.api.meta.capabilities().then(
      (answer) => {
        capabilitiesRef.current = answer;
        if (!cancelled) setCapabilities(answer);
      },
      () => {
        // Unknown capabilities: say nothing rather than guess.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);
  return { capabilities, capabilitiesRef };
}

/** Whether this server offers calls (`/meta/capabilities`); false until it answers. */
export function useCallsEnabled(client: ParleyClient): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    void client.calls.enabled().then((on) => {
      if (live) setEnabled(on);
    });
    return () => {
      live = false;
    };
  }, [client]);
  return enabled;
}
