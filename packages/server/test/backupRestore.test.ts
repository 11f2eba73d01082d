import { existsSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatMessageFrame, CurrentUser, ServerFrame } from '@parley/chat-sdk';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HttpClient } from './support/httpClient.js';
import {
  openSocket,
  type RunningServer,
  readHistory,
  registerPair,
  removeTempDataDir,
  runCommand,
  type ServerProcess,
  seededDataDir,
  startServer,
  tempDataDir,
} from './support/serverProcess.js';

const SLOW = 240_000;
const started: ServerProcess[] = [];
const dataDirs: string[] = [];

async function seeded(): Promise<string> {
  const dataDir = await seededDataDir();
  dataDirs.push(dataDir);
  return dataDir;
}

async function freshDataDir(): Promise<string> {
  const dataDir = await tempDataDir();
  dataDirs.push(dataDir);
  return dataDir;
}

async function start(dataDir: string): Promise<RunningServer> {
  const server = await startServer({ dataDir });
  started.push(server);
  return server;
}

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.kill('SIGKILL');
    await server.exited;
  }
  for (const dataDir of dataDirs) await removeTempDataDir(dataDir);
});

// A valid 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function backupPathFrom(stdout: string): string {
  const line = stdout
    .split('\n')
    .find((l) => l.includes('parley-backup-') && l.trim().startsWith('/'));
  if (!line) throw new Error(`no backup path in: ${stdout}`);
  return line.trim();
}

describe('pnpm backup / pnpm restore', () => {
  it(
    'a backup taken while the server runs, restored into a fresh DATA_DIR, serves the same messages, accounts and uploads',
    async () => {
      const dataDir = await seeded();
      const backups = join(dataDir, '..', 'backups');
      const server = await start(dataDir);
      const { a, b, room } = await registerPair(server.url);
      const form = new FormData();
      form.append('profile_image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
      const uploaded = await a.http.patch<CurrentUser>('/accounts/update-profile-image/', form, {
        token: a.token,
      });
      expect(uploaded.status, uploaded.text).toBe(200);
      const imageUrl = uploaded.body.profile_image ?? '';
      // The server keeps a re-encoded copy: the restore must serve exactly what was served.
      const imageBytes = Buffer.from(await (await fetch(`${server.url}${imageUrl}`)).arrayBuffer());

      const socket = await openSocket(server.url, b);
      const echoed = new Set<string>();
      socket.ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as ServerFrame;
        if (frame.type === 'chat_message') echoed.add((frame as ChatMessageFrame).client_id ?? '');
      });
      const send = (index: number) =>
        socket.send({
          type: 'chat_message',
          client_id: `backup-${index}`,
          message: `¿mensaje ${index}? ✓`,
          sender_id: b.id,
          room_name: room,
        });
      const echoedAtLeast = (count: number) =>
        vi.waitFor(
          () => {
            if (echoed.size < count) throw new Error(`${echoed.size} of ${count} echoed`);
          },
          { timeout: 30_000, interval: 10 },
        );
      for (let index = 0; index < 30; index += 1) send(index);
      await echoedAtLeast(30);
      const before = await readHistory(server.url, a, room);
      expect(before).toHaveLength(30);

      // While the server runs (and takes messages), the command asks it for the backup.
      const backingUp = runCommand(['backup', backups], { dataDir });
      for (let index = 30; index < 40; index += 1) {
        send(index);
        // Pacing, not waiting: the sends are spread over the time the backup takes.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const online = await backingUp;
      expect(online.code, online.output).toBe(0);
      expect(online.stdout).toContain(
        `Backup written by the running server (process ${server.pid})`,
      );
      const counted = /2 users, (\d+) messages, 1 uploaded files/.exec(online.stdout);
      const inBackup = Number(counted?.[1]);
      expect(inBackup).toBeGreaterThanOrEqual(30);
      expect(inBackup).toBeLessThanOrEqual(40);
      const backupPath = backupPathFrom(online.stdout);
      expect((await lstat(backupPath)).mode & 0o777).toBe(0o700);
      // The server kept serving through it; the backup holds exactly what was stored when taken.
      await echoedAtLeast(40);
      const original = (await readHistory(server.url, a, room)).slice(0, inBackup);
      expect(original.slice(0, 30)).toEqual(before);

      // A restore needs the server stopped.
      const refused = await runCommand(['restore', backupPath, '--force'], { dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('A restore needs the server stopped.');

      server.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });

      // With the server stopped, the command opens the database itself.
      const offline = await runCommand(['backup', backups], { dataDir });
      expect(offline.code, offline.output).toBe(0);
      expect(offline.stdout).toContain('Backup written:');
      expect(offline.stdout).toContain('2 users, 40 messages, 1 uploaded files');
      expect((await readdir(backups)).filter((n) => n.startsWith('parley-backup-'))).toHaveLength(
        2,
      );

      const restoredDir = await freshDataDir();
      const restore = await runCommand(['restore', backupPath], { dataDir: restoredDir });
      expect(restore.code, restore.output).toBe(0);
      expect(restore.stdout).toContain(`2 users, ${inBackup} messages, 1 uploaded files`);
      // Restoring over data is refused unless asked for, and then nothing is deleted.
      const again = await runCommand(['restore', backupPath], { dataDir: restoredDir });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds data');

      const restored = await start(restoredDir);
      // Same JWT secret: the tokens issued before the backup still work.
      const history = await readHistory(restored.url, a, room);
      expect(history).toEqual(original);
      const image = await fetch(`${restored.url}${imageUrl}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(imageBytes);
      const me = await new HttpClient(restored.url).get<CurrentUser>('/accounts/me/', {
        token: a.token,
      });
      expect(me.status, me.text).toBe(200);
      expect(me.body.profile_image).toBe(imageUrl);
      restored.kill('SIGTERM');
      await restored.exited;

      // --force over the original directory moves what was there aside.
      const forced = await runCommand(['restore', backupPath, '--force'], { dataDir });
      expect(forced.code, forced.output).toBe(0);
      const aside = (await readdir(dataDir)).find((n) => n.startsWith('replaced-'));
      expect(aside).toBeDefined();
      expect(existsSync(join(dataDir, aside ?? '', 'db', 'PG_VERSION'))).toBe(true);
      const reopened = await start(dataDir);
      expect(await readHistory(reopened.url, a, room)).toEqual(original);
    },
    SLOW,
  );

  it('says what to do instead when there is nothing to back up or no backup to restore', async () => {
    const dataDir = await freshDataDir();
    const nothing = await runCommand(['backup', join(dataDir, '..', 'out')], { dataDir });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain(`${dataDir} holds no embedded database to back up.`);

    const notBackup = await runCommand(['restore', join(dataDir, '..')], { dataDir });
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('is not a Parley backup');

    const postgres = await runCommand(['backup', join(dataDir, '..', 'out')], {
      dataDir,
      env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain('pg_dump');
  });
});
