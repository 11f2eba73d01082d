import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The page's peer connections, recorded so a test can read getStats like a person's devtools. */
const RECORD_PEER_CONNECTIONS = `
  (() => {
    const Original = window.RTCPeerConnection;
    window.__parleyPeerConnections = [];
    window.RTCPeerConnection = class extends Original {
      constructor(...args) {
        super(...args);
        window.__parleyPeerConnections.push(this);
      }
    };
  })();
`;

/** From now on the page records its peer connections (it reloads to the chat screen for that). */
export async function recordPeerConnections(page: Page): Promise<void> {
  await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
  // The init script applies to documents loaded from now on.
  await page.reload();
  await expect.poll(() => page.getByText('Select a user to start chatting').isVisible()).toBe(true);
}

/** The call overlay ('Audio call with …' / 'Video call with …'). */
export function callOverlay(page: Page) {
  return page.getByRole('dialog', { name: /call with/ });
}

/** Chromium flags for calls: the fake camera and microphone, granted without asking. */
export const FAKE_MEDIA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];
