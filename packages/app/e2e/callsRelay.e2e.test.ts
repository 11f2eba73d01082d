import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engineAvailable } from '../../server/test/support/engines';
import { callOverlay, FAKE_MEDIA_ARGS, recordPeerConnections } from './callPages';
import { messages, openChatWith, personAt, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// A deployment that relays every call (ICE_TRANSPORT_POLICY=relay) through a real TURN server:
// coturn on loopback with `use-auth-secret`, whose shared secret is the server's TURN_SECRET. The
// call only connects if coturn accepts the time-limited credentials the server minted, and the
// browsers' selected candidates must be relayed ones (neither person learns the other's address).
const haveCoturn = engineAvailable(
  'coturn',
  existsSync('/usr/bin/turnserver'),
  'install coturn (scripts/install-engines.sh test).',
);

const SECRET = 'e2e-turn-shared-secret';
let turn: ChildProcess | null = null;
let turnLog = '';
let server: RunningServer;
let browser: Browser;
let workDir: string;

/** A UDP port nobody is using on loopback. */
function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createSocket('udp4');
    probe.once('error', reject);
    probe.bind(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  if (!haveCoturn) return;
  workDir = await mkdtemp(path.join(tmpdir(), 'parley-turn-e2e-'));
  const port = await freeUdpPort();
  const relayBase = 40_000 + Math.floor(Math.random() * 20_000);
  turn = spawn(
    '/usr/bin/turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      `--min-port=${relayBase}`,
      `--max-port=${relayBase + 50}`,
      '--use-auth-secret',
      `--static-auth-secret=${SECRET}`,
      '--realm=parley.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      `--userdb=${path.join(workDir, 'turndb')}`,
      `--pidfile=${path.join(workDir, 'turnserver.pid')}`,
      '--log-file=stdout',
      '--simple-log',
      '--verbose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  turn.stdout?.on('data', (chunk) => {
    turnLog += chunk;
  });
  turn.stderr?.on('data', (chunk) => {
    turnLog += chunk;
  });
  await vi.waitFor(
    () => {
      if (!/listener opened on|Total UDP servers/i.test(turnLog)) {
        throw new Error(`coturn has not started:\n${turnLog}`);
      }
    },
    { timeout: 15_000, interval: 100 },
  );
  server = await startServer({
    ICE_SERVERS: JSON.stringify([{ urls: `turn:127.0.0.1:${port}?transport=udp` }]),
    TURN_SECRET: SECRET,
    TURN_CREDENTIAL_TTL: '600',
    ICE_TRANSPORT_POLICY: 'relay',
  });
  browser = await launchBrowser(FAKE_MEDIA_ARGS);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  turn?.kill('SIGTERM');
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function person(username: string): Promise<Page> {
  const page = await personAt(browser, server.url, username, 'English');
  await recordPeerConnections(page);
  return page;
}

/** The call's selected candidate pair as getStats reports it, and the bytes received over it. */
function selectedPair(page: Page) {
  return page.evaluate(async () => {
    const pc = (
      window as unknown as { __parleyPeerConnections: RTCPeerConnection[] }
    ).__parleyPeerConnections.at(-1);
    if (pc?.connectionState !== 'connected') return null;
    const stats = await pc.getStats();
    const reports = new Map<string, Record<string, unknown>>();
    stats.forEach((report) => {
      reports.set(report.id, report);
    });
    let transport: Record<string, unknown> | undefined;
    for (const report of reports.values()) if (report.type === 'transport') transport = report;
    const pair = reports.get(String(transport?.selectedCandidatePairId));
    if (!pair) return null;
    let inbound = 0;
    for (const report of reports.values()) {
      if (report.type === 'inbound-rtp') inbound += Number(report.bytesReceived ?? 0);
    }
    return {
      policy: pc.getConfiguration().iceTransportPolicy,
      local: reports.get(String(pair.localCandidateId))?.candidateType,
      remote: reports.get(String(pair.remoteCandidateId))?.candidateType,
      inbound,
    };
  });
}

describe.skipIf(!haveCoturn)('calls relayed through a TURN server (coturn)', () => {
  it('connects only through the relay with the credentials the server minted, media flows, either side hangs up', async () => {
    const ana = await person('ana');
    const bo = await person('bo');
    await openChatWith(ana, 'bo');
    await openChatWith(bo, 'ana');
    await send(ana, 'Calling you through the relay');
    await expect.poll(() => messages(bo).getByText(/relay/).count()).toBeGreaterThan(0);

    await ana.getByRole('button', { name: 'Audio call' }).click();
    const prompt = bo.getByRole('dialog', { name: 'Incoming audio call' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await prompt.getByRole('button', { name: 'Accept' }).click();

    for (const page of [ana, bo]) {
      await expect
        .poll(async () => (await selectedPair(page))?.inbound ?? 0, { timeout: 30_000 })
        .toBeGreaterThan(0);
      const pair = await selectedPair(page);
      // Relay-only: the browser was told so, and both ends of the path are TURN allocations.
      expect(pair).toMatchObject({ policy: 'relay', local: 'relay', remote: 'relay' });
      await expect
        .poll(() => callOverlay(page).getByRole('timer', { name: 'Call duration' }).isVisible())
        .toBe(true);
    }
    // coturn granted the allocations to the server's `expiry:userId` user names (HMAC checked).
    expect(turnLog).toMatch(/user <\d+:\d+>: incoming packet ALLOCATE processed, success/);

    await callOverlay(bo).getByRole('button', { name: 'End Call' }).click();
    for (const page of [ana, bo]) await expect.poll(() => callOverlay(page).count()).toBe(0);
  });
});
