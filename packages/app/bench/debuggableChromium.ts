import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

/**
 * Debian's Chromium with its own profile and a DevTools port, so Lighthouse (which drives the
 * browser through that port) and Playwright (which signs people in) share one browser and one
 * cookie jar: Lighthouse's tabs open in the default context that Playwright filled.
 */
export interface DebuggableChromium {
  port: number;
  browser: Browser;
  /** The default context: the one Lighthouse's tabs open in. */
  context: BrowserContext;
  close(): Promise<void>;
}

// Started by hand, not by Playwright: headless itself, and none of the checks a profile's first
// start makes; no QUIC, as in the end-to-end suite (e2e/harness.ts).
const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, '--disable-quic', '--no-default-browser-check'];

async function devtoolsPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}):\n${output}`)));
  });
}

export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = await mkdtemp(path.join(tmpdir(), 'parley-bench-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await devtoolsPort(child);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const [context] = browser.contexts();
  if (!context) throw new Error('chromium has no default context');
  return {
    port,
    browser,
    context,
    async close() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await rm(profile, { recursive: true, force: true });
    },
  };
}
