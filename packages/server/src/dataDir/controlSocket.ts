import { rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { isAbsolute, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ObjectStore } from '../media/store/objectStore.js';
import { BackupError, type BackupFiles, writeBackupFiles } from './backup.js';

/**
 * A Unix socket inside DATA_DIR through which `backup` asks the running server for a backup: only
 * the server's user can reach it (DATA_DIR is 0700), and no network port is involved.
 */
export const CONTROL_SOCKET_NAME = 'control.sock';
// sockaddr_un holds 108 bytes on Linux, 104 on macOS, with the terminating zero.
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_REQUEST_BYTES = 16 * 1024;

type ControlRequest = { command: 'backup'; target: string };
type ControlResponse = { ok: true; backup: BackupFiles } | { ok: false; error: string };

export function controlSocketPath(dataDir: string): string | null {
  const path = join(dataDir, CONTROL_SOCKET_NAME);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES ? path : null;
}

export interface ControlSocket {
  close(): Promise<void>;
}

/** Serves backups of the open database; call it while holding the data directory's lock. */
export async function startControlSocket(
  dataDir: string,
  pglite: PGlite,
  warn: (line: string) => void,
  objects?: ObjectStore,
): Promise<ControlSocket | null> {
  const path = controlSocketPath(dataDir);
  if (!path) {
    warn(
      `DATA_DIR is too long a path for the backup socket: \`backup\` works only while the server is stopped.`,
    );
    return null;
  }
  // We hold the lock, so a socket file left here belongs to a process that died.
  rmSync(path, { force: true });

  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const server: Server = createServer((connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.on('error', () => undefined);
    connection.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_REQUEST_BYTES) connection.destroy();
      if (!text.includes('\n')) return;
      connection.removeAllListeners('data');
      const reply = (response: ControlResponse) => connection.end(`${JSON.stringify(response)}\n`);
      let request: ControlRequest;
      try {
        request = JSON.parse(text.slice(0, text.indexOf('\n'))) as ControlRequest;
      } catch {
        reply({ ok: false, error: 'unreadable request' });
        return;
      }
      if (
        request.command !== 'backup' ||
        typeof request.target !== 'string' ||
        !isAbsolute(request.target)
      ) {
        reply({ ok: false, error: 'expected {"command":"backup","target":"/absolute/folder"}' });
        return;
      }
      if (busy) {
        reply({ ok: false, error: 'another backup is running; try again when it has finished' });
        return;
      }
      busy = true;
      running = writeBackupFiles(pglite, dataDir, request.target, objects)
        .then(
          (backup) => reply({ ok: true, backup }),
          (error: unknown) => reply({ ok: false, error: (error as Error).message }),
        )
        .finally(() => {
          busy = false;
        });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // A backup in progress finishes before the database closes.
      await running;
      rmSync(path, { force: true });
    },
  };
}

/**
 * Asks the server running on `dataDir` to write a backup's files into `target` (absolute); the
 * caller verifies and names them with `finishBackup`.
 */
export function requestBackup(dataDir: string, target: string): Promise<BackupFiles> {
  const path = controlSocketPath(dataDir);
  if (!path) {
    return Promise.reject(
      new BackupError('the server cannot be asked for a backup here (DATA_DIR path too long)'),
    );
  }
  return new Promise((resolve, reject) => {
    let text = '';
    const connection = createConnection(path, () => {
      connection.write(`${JSON.stringify({ command: 'backup', target })}\n`);
    });
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      text += chunk;
    });
    connection.on('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupError(`the running server did not answer (${error.code ?? error.message})`)),
    );
    connection.on('end', () => {
      try {
        const response = JSON.parse(text) as ControlResponse;
        if (response.ok) resolve(response.backup);
        else reject(new BackupError(`the running server could not back up: ${response.error}`));
      } catch {
        reject(new BackupError('the running server closed the connection without an answer'));
      }
    });
  });
}
