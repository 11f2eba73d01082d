import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openChatWith, personAt } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

/**
 * Media and voice end to end (issue 12): Chromium's fake microphone plays a WAV that flite speaks
 * at test time; the server transcribes it (PocketSphinx), translates the transcript (Apertium) and
 * speaks the translation (espeak-ng) for the Spanish reader. All Debian engines that `.ci/run`
 * installs; outside CI a missing one skips this file (the shared engine rule).
 */
function onPath(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const tools = ['flite', 'ffmpeg', 'pocketsphinx_continuous', 'espeak-ng', 'apertium'];
const missing = tools.filter((tool) => !onPath(tool));
const ci = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI);
if (missing.length > 0 && ci) {
  throw new Error(`CI is set but ${missing.join(', ')} missing: run scripts/install-engines.sh`);
}

const SPOKEN = 'hello world. hello world. hello world.';

let server: RunningServer;
let browser: Browser;
let dir: string;
let wav: string;
let png: string;

beforeAll(async () => {
  if (missing.length > 0) return;
  dir = await mkdtemp(path.join(tmpdir(), 'parley-media-e2e-'));
  wav = path.join(dir, 'speech.wav');
  png = path.join(dir, 'noise.png');
  // 16 kHz mono PCM: what Chromium's fake capture reads.
  execFileSync('flite', ['-t', SPOKEN, '-o', path.join(dir, 'raw.wav')]);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    path.join(dir, 'raw.wav'),
    '-ar',
    '16000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    wav,
  ]);
  // A noisy picture (hundreds of kB) so the upload takes long enough to show its progress.
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=800x600,geq=random(1)*255:random(1)*255:random(1)*255',
    '-frames:v',
    '1',
    png,
  ]);
  server = await startServer({ TRANSLATOR: 'apertium' });
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function audioPlays(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Messages' })
    .getByLabel(label)
    .last()
    .evaluate(async (element) => {
      const audio = element as HTMLAudioElement;
      audio.muted = true;
      try {
        await audio.play();
      } catch {
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      return !audio.paused && audio.currentTime > 0 && Number.isFinite(audio.duration);
    });
}

describe.skipIf(missing.length > 0)('voice notes and images between two browsers', () => {
  it('records, previews and sends a voice note; the Spanish reader gets transcript, translation and Spanish audio', async () => {
    const ana = await personAt(browser, server.url, 'ana', 'English');
    const bruno = await personAt(browser, server.url, 'bruno', 'Spanish');
    await openChatWith(ana, 'bruno');
    await openChatWith(bruno, 'ana');

    // Record (the fake microphone plays flite's speech), stop, preview, send.
    await ana.getByRole('button', { name: 'Record voice message' }).click();
    const timer = ana.getByRole('timer', { name: 'Recording time' });
    await expect.poll(() => timer.textContent()).toMatch(/^0:0[4-9]$/);
    await ana.getByRole('button', { name: 'Stop recording' }).click();
    await expect.poll(() => ana.getByLabel('Voice message preview').isVisible()).toBe(true);
    await ana.getByRole('button', { name: 'Send voice message' }).click();

    // The sender sees the placeholder turn into the sent note with its English transcript.
    await expect
      .poll(() => messages(ana).getByText(/hello/i).count(), { timeout: 60_000 })
      .toBeGreaterThan(0);

    // The Spanish reader: the Spanish translation of the transcript, the English one a tap away.
    await expect
      .poll(() => messages(bruno).getByText(/hola/i).count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await messages(bruno).getByRole('button', { name: 'View original' }).last().click();
    await expect.poll(() => messages(bruno).getByText(/hello/i).last().isVisible()).toBe(true);
    // Synthesized Spanish speech plays.
    await expect
      .poll(() => messages(bruno).getByLabel('Translated audio').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => audioPlays(bruno, 'Translated audio'), { timeout: 30_000 }).toBe(true);

    // An image: progress while it uploads (a slow uplink), then a preview on both sides.
    const size = (await stat(png)).size;
    expect(size).toBeGreaterThan(200_000);
    const cdp = await ana.context().newCDPSession(ana);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: Math.round(size / 4),
    });
    await ana.getByLabel('Choose a file to attach').setInputFiles(png);
    const bar = ana.getByRole('progressbar', { name: 'Upload progress' });
    const send = ana.getByRole('button', { name: 'Send', exact: true });
    await expect
      .poll(
        async () => {
          const value = Number(await bar.getAttribute('value').catch(() => '0'));
          return value >= 1 && value <= 99 && (await send.isDisabled());
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(true);
    await expect
      .poll(() => ana.getByText('Ready to send').isVisible(), { timeout: 60_000 })
      .toBe(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await send.click();
    for (const page of [ana, bruno]) {
      const image = messages(page).getByRole('img', { name: /noise/ });
      await expect.poll(() => image.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => image.last().evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }

    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) {
      await ana.screenshot({ path: `${shots}/media-ana.png` });
      await bruno.screenshot({ path: `${shots}/media-bruno.png` });
    }
  });

  it('talks live: a reader of the same language hears it as it is spoken, a Spanish reader hears the translation when it ends', async () => {
    const ana = await personAt(browser, server.url, 'ana_live', 'English');
    const carlos = await personAt(browser, server.url, 'carlos', 'English');
    const beatriz = await personAt(browser, server.url, 'beatriz', 'Spanish');
    for (const page of [carlos, beatriz]) await listenForLiveAudio(page);

    // English to English: the original, as it is spoken, through MediaSource.
    await openChatWith(ana, 'carlos');
    await openChatWith(carlos, 'ana_live');
    await ana.getByRole('button', { name: 'Talk live' }).click();
    await expect
      .poll(() => ana.getByRole('timer', { name: 'Live talk time' }).textContent())
      .toMatch(/^0:0[1-9]$/);
    await expect
      .poll(() => carlos.getByText('ana_live is talking live...').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => heard(carlos), { timeout: 15_000 })
      .toMatchObject({
        streamed: true,
        playing: true,
      });
    await ana.getByRole('button', { name: 'Stop talking' }).click();
    await expect.poll(() => ana.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    await expect
      .poll(() => carlos.getByText('ana_live is talking live...').count(), { timeout: 10_000 })
      .toBe(0);
    // Nothing was kept: no message in either list.
    expect(await messages(carlos).getByRole('listitem').count()).toBe(0);

    // English to Spanish: no original; the Spanish rendition when the talk ends.
    await openChatWith(ana, 'beatriz');
    await openChatWith(beatriz, 'ana_live');
    await ana.getByRole('button', { name: 'Talk live' }).click();
    await expect
      .poll(() => ana.getByRole('timer', { name: 'Live talk time' }).textContent())
      .toMatch(/^0:0[4-9]$/);
    await expect
      .poll(() => beatriz.getByText('ana_live is talking live...').isVisible())
      .toBe(true);
    await ana.getByRole('button', { name: 'Stop talking' }).click();
    await expect
      .poll(() => heard(beatriz), { timeout: 60_000 })
      .toMatchObject({
        streamed: false,
        rendition: true,
      });
  });
});

/** Records, in the page, what live audio reaches MediaSource and which clips play. */
async function listenForLiveAudio(page: Page) {
  await page.evaluate(() => {
    const log = { appended: 0, played: [] as HTMLMediaElement[] };
    (window as unknown as { __live: typeof log }).__live = log;
    const append = SourceBuffer.prototype.appendBuffer;
    SourceBuffer.prototype.appendBuffer = function (this: SourceBuffer, data: BufferSource) {
      log.appended += data.byteLength;
      return append.call(this, data);
    };
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      log.played.push(this);
      return play.call(this);
    };
  });
}

/** What the page heard: streamed original bytes, a live clip playing, a rendition played. */
function heard(page: Page) {
  return page.evaluate(() => {
    const log = (window as unknown as { __live: { appended: number; played: HTMLMediaElement[] } })
      .__live;
    const live = log.played.filter((el) => el.src.startsWith('blob:'));
    const renditions = log.played.filter((el) => !el.src.startsWith('blob:'));
    return {
      streamed: log.appended > 0,
      playing: live.some((el) => el.currentTime > 0),
      rendition: renditions.some((el) => el.currentTime > 0 || el.ended),
    };
  });
}
