import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverMain = path.resolve(here, '../../server/dist/main.js');
const appDist = path.resolve(here, '../dist');
/** How long the built server may take to answer /healthz after it is spawned. */
const SERVER_START_MS = 90_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the process and starts it again on the same port and data directory. */
  restart(): Promise<void>;
  /**
   * Runs the server's `admin` command (issue 29: `grant-moderator <username>`) as an operator
   * would: the server stops (the embedded database has one owner), the command runs, it starts.
   */
  admin(args: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `packages/server/dist/main.js` on a free loopback port with its own data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  async function start() {
    output = '';
    child = spawn(process.execPath, [serverMain], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_DIST: appDist,
        // Strangers chat freely in journeys of other features; messageRequests.e2e turns them on.
        MESSAGE_REQUESTS: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    // A cold start (PGlite's WebAssembly, migrations) takes seconds, far longer on a loaded runner.
    const deadline = Date.now() + SERVER_START_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not become healthy in ${SERVER_START_MS / 1000} s:\n${output}`);
  }

  async function stopProcess() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
      setTimeout(() => running.kill('SIGKILL'), 5000).unref();
    });
  }

  try {
    await start();
  } catch (error) {
    // A server that never became healthy must not outlive the test run (nor its data directory).
    await stopProcess();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    restart: async () => {
      await stopProcess();
      await start();
    },
    admin: async (args) => {
      await stopProcess();
      const command = spawn(process.execPath, [serverMain, 'admin', ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let said = '';
      command.stdout?.on('data', (chunk) => {
        said += chunk;
      });
      command.stderr?.on('data', (chunk) => {
        said += chunk;
      });
      const code = await new Promise<number | null>((resolve) => command.once('exit', resolve));
      if (code !== 0) throw new Error(`admin ${args.join(' ')} failed:\n${said}`);
      await start();
    },
    stop: async () => {
      await stopProcess();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// And no QUIC: the people's pages speak HTTP/1.1 and WebSocket to the loopback server only.
const chromiumArgs = [...CHROMIUM_FLAGS, '--disable-quic'];

/** Debian's Chromium; `extraArgs` add flags (e.g. a fake microphone fed from a WAV). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  });
}

export interface ProfileBrowser {
  context: BrowserContext;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/**
 * The same Chromium with a real (temporary) profile instead of an incognito context: Chrome
 * refuses to install apps from incognito, so its installability check needs one.
 */
export async function launchBrowserWithProfile(): Promise<ProfileBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'parley-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: chromiumArgs,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
