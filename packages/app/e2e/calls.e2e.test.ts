import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineAvailable } from '../../server/test/support/engines';
import { audioCapture, callOverlay, FAKE_MEDIA_ARGS, recordPeerConnections } from './callPages';
import { messages, openChatWith, personAt as personIn, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Two people in two browser contexts of one Chromium whose microphone and camera are fakes: the
// camera a test pattern, the microphone a WAV of English speech made here with flite.
let server: RunningServer;
let browser: Browser;
let workDir: string;

const haveSpeech = existsSync('/usr/bin/flite') && existsSync('/usr/bin/ffmpeg');
const captionsAvailable = engineAvailable(
  'pocketsphinx, flite and ffmpeg',
  haveSpeech && existsSync('/usr/bin/pocketsphinx_continuous'),
  'install pocketsphinx, pocketsphinx-en-us, flite and ffmpeg (scripts/install-engines.sh).',
);

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'parley-calls-e2e-'));
  const args = [
    ...FAKE_MEDIA_ARGS,
    // Loopback host candidates only: no mDNS names, nothing leaves the machine.
    '--disable-features=WebRtcHideLocalIpsWithMdns',
  ];
  if (haveSpeech) {
    const raw = path.join(workDir, 'speech-8k.wav');
    const wav = path.join(workDir, 'speech.wav');
    execFileSync('flite', ['-t', 'hello how are you today', '-o', raw]);
    // A pause after the words ends each utterance; Chromium loops the file.
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      raw,
      '-af',
      'apad=pad_dur=1.5',
      '-ar',
      '48000',
      '-ac',
      '1',
      wav,
    ]);
    args.push(`--use-file-for-fake-audio-capture=${wav}`);
  }
  server = await startServer({ TRANSLATOR: 'apertium' });
  browser = await launchBrowser(args);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function person(username: string, language: string): Promise<Page> {
  const page = await personIn(browser, server.url, username, language);
  if (process.env.E2E_DEBUG) {
    page.on('console', (m) => console.log(`[${username}] ${m.type()}: ${m.text()}`));
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const text = String(f.payload);
        if (/live_transcript|"error"/.test(text))
          console.log(`[${username}] <= ${text.slice(0, 300)}`);
      }),
    );
  }
  await recordPeerConnections(page);
  return page;
}

/** Bytes received over the call's media, as getStats reports them (0 without a connection). */
function inboundBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __parleyPeerConnections: RTCPeerConnection[] })
      .__parleyPeerConnections;
    // The newest connection is the current call's.
    const pc = pcs.at(-1);
    if (!pc || pc.connectionState === 'closed') return 0;
    let total = 0;
    const stats = await pc.getStats();
    stats.forEach((report) => {
      if (report.type === 'inbound-rtp') total += report.bytesReceived ?? 0;
    });
    return total;
  });
}

describe('calls between two people in two browsers', () => {
  it('rings, connects over loopback, media flows both ways, captions arrive translated, and either side hangs up', async () => {
    const ana = await person('ana', 'English');
    const bruno = await person('bruno', 'Spanish');
    await openChatWith(ana, 'bruno');
    await openChatWith(bruno, 'ana');
    // A shared conversation is what allows a call.
    await send(ana, 'Can I call you?');
    await expect.poll(() => messages(bruno).getByText(/call/).count()).toBeGreaterThan(0);

    // Ana places a video call; Bruno's browser rings with her name and the call type.
    await ana.getByRole('button', { name: 'Video call' }).click();
    const prompt = bruno.getByRole('dialog', { name: 'Incoming video call' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await expect.poll(() => prompt.getByText('ana is calling you.').isVisible()).toBe(true);
    // Keyboard: Accept has the focus, Enter answers.
    await bruno.keyboard.press('Enter');

    for (const page of [ana, bruno]) {
      await expect.poll(() => callOverlay(page).isVisible()).toBe(true);
      await expect
        .poll(() => callOverlay(page).getByRole('timer', { name: 'Call duration' }).isVisible(), {
          timeout: 30_000,
        })
        .toBe(true);
      await expect.poll(() => inboundBytes(page), { timeout: 30_000 }).toBeGreaterThan(0);
    }
    await expect
      .poll(() => callOverlay(ana).getByText('Video call', { exact: true }).isVisible())
      .toBe(true);

    // Mute/Unmute, as the spec names them.
    await callOverlay(ana).getByRole('button', { name: 'Mute' }).click();
    await expect
      .poll(() => callOverlay(ana).getByRole('button', { name: 'Unmute' }).isVisible())
      .toBe(true);
    await callOverlay(ana).getByRole('button', { name: 'Unmute' }).click();

    if (captionsAvailable) {
      // Ana speaks English: she reads her words as said, Bruno reads them in Spanish. (PocketSphinx
      // hears synthetic speech imperfectly, so the test asserts on the path, not on exact words.)
      const lines = (page: Page, speaker: string) =>
        callOverlay(page)
          .getByRole('log')
          .locator('li')
          .evaluateAll(
            (items, who) =>
              items
                .map((item) => item.textContent ?? '')
                .filter((text) => text.startsWith(`${who}: `))
                .map((text) => text.slice(`${who}: `.length).trim())
                .filter(Boolean),
            speaker,
          );
      await expect.poll(() => lines(ana, 'You'), { timeout: 90_000 }).not.toEqual([]);
      // Captured off the main thread by an AudioWorklet, not the deprecated ScriptProcessorNode.
      expect(await audioCapture(ana)).toMatchObject({ scriptProcessors: 0 });
      expect((await audioCapture(ana)).worklets).toBeGreaterThan(0);
      await expect
        .poll(
          async () => {
            const said = await lines(ana, 'You');
            return (await lines(bruno, 'ana')).some((text) => !said.includes(text));
          },
          { timeout: 90_000 },
        )
        .toBe(true);
      // Bruno's language (Spanish) has no speech engine here: Ana is told so, not shown guesses.
      await expect
        .poll(
          () =>
            callOverlay(ana)
              .getByRole('log')
              .getByText(/not available for bruno/)
              .count(),
          { timeout: 90_000 },
        )
        .toBeGreaterThan(0);
    }

    // Bruno hangs up: both overlays close, and the conversation records the call for both.
    await callOverlay(bruno).getByRole('button', { name: 'End Call' }).click();
    for (const page of [ana, bruno]) {
      await expect.poll(() => callOverlay(page).count()).toBe(0);
      await expect.poll(() => messages(page).getByText('Video call started').count()).toBe(1);
      await expect
        .poll(() =>
          messages(page)
            .getByText(/^Video call ended · \d+:\d\d$/)
            .count(),
        )
        .toBe(1);
    }

    // A second, audio call; this time the caller hangs up.
    await bruno.getByRole('button', { name: 'Audio call', exact: true }).click();
    await expect
      .poll(() => ana.getByRole('dialog', { name: 'Incoming audio call' }).isVisible())
      .toBe(true);
    await ana.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => inboundBytes(bruno), { timeout: 30_000 }).toBeGreaterThan(0);
    await callOverlay(bruno).getByRole('button', { name: 'End Call' }).click();
    for (const page of [ana, bruno]) {
      await expect.poll(() => callOverlay(page).count()).toBe(0);
    }

    // A call rings on any signed-in page, not only the chat screen: Ana is in Settings. Bruno
    // calls once her socket has been accepted (a page that is still loading cannot ring).
    const cdp = await ana.context().newCDPSession(ana);
    await cdp.send('Network.enable');
    const socketAccepted = new Promise<void>((resolve) => {
      cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
        if (event.response.status === 101) resolve();
      });
    });
    await ana.goto(`${server.url}/settings`);
    await expect.poll(() => ana.getByRole('heading', { name: 'Settings' }).isVisible()).toBe(true);
    await socketAccepted;
    await bruno.getByRole('button', { name: 'Audio call', exact: true }).click();
    const ringing = ana.getByRole('dialog', { name: 'Incoming audio call' });
    await expect.poll(() => ringing.isVisible(), { timeout: 15_000 }).toBe(true);
    await ringing.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => ringing.count()).toBe(0);
    await expect.poll(() => callOverlay(bruno).count(), { timeout: 15_000 }).toBe(0);
    await cdp.detach();

    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) await ana.screenshot({ path: `${shots}/call-ended-ana.png` });
  });
});
