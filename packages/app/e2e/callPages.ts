import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The page's peer connections, recorded so a test can read getStats like a person's devtools; and
 * how captions capture audio (AudioWorklet modules loaded, ScriptProcessorNodes made).
 */
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
    window.__parleyAudioCapture = { worklets: 0, scriptProcessors: 0 };
    const addModule = AudioWorklet.prototype.addModule;
    AudioWorklet.prototype.addModule = function (...args) {
      window.__parleyAudioCapture.worklets += 1;
      return addModule.apply(this, args);
    };
    const createScriptProcessor = BaseAudioContext.prototype.createScriptProcessor;
    BaseAudioContext.prototype.createScriptProcessor = function (...args) {
      window.__parleyAudioCapture.scriptProcessors += 1;
      return createScriptProcessor.apply(this, args);
    };
  })();
`;

/** How the page captured audio for captions (see RECORD_PEER_CONNECTIONS). */
export function audioCapture(page: Page): Promise<{ worklets: number; scriptProcessors: number }> {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          __parleyAudioCapture: { worklets: number; scriptProcessors: number };
        }
      ).__parleyAudioCapture,
  );
}

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
