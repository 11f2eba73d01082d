import { join } from 'node:path';
import type { RoleActionName } from '@parley/chat-sdk';
import { DataDirLockedError, lockDataDir } from '../dataDir/dataDirLock.js';
import { usePrivateUmask } from '../dataDir/privateFiles.js';
import { openDatabase } from '../db/database.js';
import { createModerationRepository, type Role } from '../plugins/app/moderation-repository.js';
import { dataDirFromEnv } from '../serverEnv.js';

/** The audit log's actor name for changes made by this command. */
export const ADMIN_COMMAND_ACTOR = 'server command';

const ROLE_COMMANDS: Record<string, { action: RoleActionName; role: Role; value: boolean }> = {
  'grant-moderator': { action: 'grant_moderator', role: 'moderator', value: true },
  'revoke-moderator': { action: 'revoke_moderator', role: 'moderator', value: false },
  'grant-staff': { action: 'grant_staff', role: 'staff', value: true },
  'revoke-staff': { action: 'revoke_staff', role: 'staff', value: false },
};

export const ADMIN_USAGE = `admin grant-moderator|revoke-moderator|grant-staff|revoke-staff <username>`;

function fail(line: string): never {
  console.error(`Parley admin failed: ${line}`);
  process.exit(1);
}

/**
 * `admin <role command> <username>` (issue 29): grants or revokes the moderator or staff role,
 * recorded in the audit log like every moderation action. With the embedded database the
 * server must be stopped (one process owns DATA_DIR); with DATABASE_URL it may run.
 */
export async function adminCommand(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  usePrivateUmask();
  const [name = '', username] = args;
  const command = ROLE_COMMANDS[name];
  if (!command || !username) fail(`usage: ${ADMIN_USAGE}`);

  let lock: Awaited<ReturnType<typeof lockDataDir>> | null = null;
  const dataDir = dataDirFromEnv(env);
  if (!env.DATABASE_URL) {
    try {
      lock = await lockDataDir(dataDir, { purpose: 'admin' });
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        fail(`${error.message} Stop the server, run the command, then start it again.`);
      }
      throw error;
    }
  }
  const handle = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(dataDir, 'db') },
  );
  try {
    const repository = createModerationRepository(handle.db);
    const user = await repository.byUsername(username);
    if (!user) fail(`no account is named "${username}".`);
    await repository.setRole(user.id, command.role, command.value);
    await repository.record({
      actorId: null,
      actorUsername: ADMIN_COMMAND_ACTOR,
      action: command.action,
      targetUserId: user.id,
      targetUsername: user.username,
    });
    console.log(
      `${user.username} ${command.value ? 'is now' : 'is no longer'} ${command.role === 'staff' ? 'staff' : 'a moderator'}.`,
    );
  } finally {
    await handle.close();
    await lock?.release();
  }
}
