import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
import { FAKE_MEDIA_ARGS } from '../e2e/callPages';
import { register, send } from '../e2e/flows';
import { launchBrowser, type RunningServer, startServer } from '../e2e/harness';

// Prints call setup time (the caller's offer leaving its socket → both overlays connected, the
// callee accepting at once) on loopback, and caption latency (the speaker's end-of-utterance audio
// chunk leaving the socket → the listener's translated live_transcript arriving), measured in two
// Chromium contexts with fake media. Figures only: nothing here passes or fails.

const here = path.dirname(fileURLToPath(import.meta.url));
const CALLS = 3;
const CAPTION_WINDOW_MS = 40_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// The e2e flows wait with Vitest's expect.poll; a bench runs outside Vitest, so it waits with
// Playwright's own waitFor.
async function personAt(browser: Browser, baseUrl: string, username: string, language: string) {
  const page = await (await browser.newContext()).newPage();
  await register(page, baseUrl, username, language);
  await page.getByText('Select a user to start chatting').waitFor({ timeout: 60_000 });
  return page;
}

async function openChatWith(page: Page, username: string) {
  await page.getByRole('button', { name: 'Search All Users' }).click();
  await page.getByRole('searchbox', { name: 'Search User' }).fill(username);
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('button', { name: new RegExp(username) })
    .click();
  await page.getByRole('heading', { name: username, exact: true }).waitFor({ timeout: 30_000 });
}

const connected = (page: Page) =>
  page
    .getByRole('dialog', { name: /call with/ })
    .getByRole('timer')
    .isVisible();

async function main() {
  const serverMain = path.resolve(here, '../../server/dist/main.js');
  if (!existsSync(serverMain) || !existsSync(CHROMIUM_PATH)) {
    console.log('calls: skipped (needs the built server, `pnpm build`, and Chromium)');
    return;
  }
  const speech =
    existsSync('/usr/bin/flite') &&
    existsSync('/usr/bin/ffmpeg') &&
    existsSync('/usr/bin/pocketsphinx_continuous');
  const workDir = await mkdtemp(path.join(tmpdir(), 'parley-calls-bench-'));
  const args = [...FAKE_MEDIA_ARGS, '--disable-features=WebRtcHideLocalIpsWithMdns'];
  if (speech) {
    const raw = path.join(workDir, 'speech-8k.wav');
    const wav = path.join(workDir, 'speech.wav');
    execFileSync('flite', ['-t', 'hello how are you today', '-o', raw]);
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
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ TRANSLATOR: 'apertium' });
    browser = await launchBrowser(args);
    const ana = await personAt(browser, server.url, 'ana', 'English');
    const bruno = await personAt(browser, server.url, 'bruno', 'Spanish');
    await openChatWith(ana, 'bruno');
    await openChatWith(bruno, 'ana');
    await send(ana, 'Bench call');

    let offerAt = 0;
    let lastFinalAt = 0;
    const captionLatencies: number[] = [];
    ana.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        const text = String(frame.payload);
        if (
          text.includes('"call_signal"') &&
          text.includes('"type":"offer"') &&
          !text.includes('"restart"')
        ) {
          offerAt = performance.now();
        }
        if (text.includes('"call_audio"') && text.includes('"final":true'))
          lastFinalAt = performance.now();
      });
    });
    bruno.on('websocket', (ws) => {
      ws.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (!text.includes('"live_transcript"') || lastFinalAt === 0) return;
        const body = JSON.parse(text) as {
          from: number;
          transcript: string;
          unavailable?: boolean;
        };
        if (body.unavailable || body.transcript === '') return;
        captionLatencies.push(performance.now() - lastFinalAt);
        lastFinalAt = 0;
      });
    });
    // The sockets were opened before the listeners: reload so they are observed.
    for (const page of [ana, bruno]) {
      await page.reload();
      await page.getByText('Select a user to start chatting').waitFor();
    }
    await openChatWith(ana, 'bruno');

    const setups: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      offerAt = 0;
      await ana.getByRole('button', { name: 'Audio call' }).click();
      const prompt = bruno.getByRole('dialog', { name: 'Incoming audio call' });
      await prompt.waitFor({ timeout: 30_000 });
      await prompt.getByRole('button', { name: 'Accept' }).click();
      await until(async () => (await connected(ana)) && (await connected(bruno)), 30_000);
      setups.push(performance.now() - offerAt);
      if (i === CALLS - 1 && speech)
        await new Promise((resolve) => setTimeout(resolve, CAPTION_WINDOW_MS));
      await ana.getByRole('button', { name: 'End Call' }).click();
      await until(
        async () => (await bruno.getByRole('dialog', { name: /call with/ }).count()) === 0,
        15_000,
      );
    }
    console.log('| calls (loopback, 2 Chromium contexts) | median ms | max ms | n |');
    console.log('|---|---|---|---|');
    console.log(
      `| call setup: offer → both connected (callee accepts at once) | ${median(setups).toFixed(0)} | ${Math.max(...setups).toFixed(0)} | ${setups.length} |`,
    );
    if (!speech) {
      console.log('| caption latency | skipped: needs flite, ffmpeg and pocketsphinx | | |');
    } else if (captionLatencies.length === 0) {
      console.log(
        `| caption latency: speech end → caption shown | none within ${CAPTION_WINDOW_MS / 1000} s | | 0 |`,
      );
    } else {
      console.log(
        `| caption latency: speech end → translated caption at the listener (pocketsphinx + apertium) | ${median(captionLatencies).toFixed(0)} | ${Math.max(...captionLatencies).toFixed(0)} | ${captionLatencies.length} |`,
      );
    }
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
