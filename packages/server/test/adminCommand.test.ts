import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_COMMAND_ACTOR } from '../src/moderation/adminCommand.js';
import { removeTempDataDir, runCommand, seededDataDir } from './support/serverProcess.js';

// `pnpm admin …` (issue 29) as an operator runs it: `node dist/main.js admin <command> <username>`
// on a stopped server's DATA_DIR.
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dataDir of dataDirs) await removeTempDataDir(dataDir);
});

async function query<T>(dataDir: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const db = await PGlite.create(join(dataDir, 'db'));
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.close();
  }
}

describe('admin command', () => {
  it('grants a role by username (any case), recorded in the audit log; an unknown name fails', async () => {
    const dataDir = await seededDataDir();
    dataDirs.push(dataDir);
    const [user] = await query<{ id: number }>(
      dataDir,
      `insert into users (username, email, phone, gender, password_hash, language)
       values ('Opal', 'opal@example.com', '1', 'OTHER', 'x', 'English') returning id`,
    );

    const granted = await runCommand(['admin', 'grant-moderator', 'opal'], { dataDir });
    expect(granted.code, granted.output).toBe(0);
    expect(granted.stdout).toContain('Opal is now a moderator.');

    expect(
      await query(dataDir, 'select staff, moderator from users where id = $1', [user?.id]),
    ).toEqual([{ staff: false, moderator: true }]);
    expect(
      await query(
        dataDir,
        'select action, actor_id, actor_username, target_username from moderation_actions order by id',
      ),
    ).toEqual([
      {
        action: 'grant_moderator',
        actor_id: null,
        actor_username: ADMIN_COMMAND_ACTOR,
        target_username: 'Opal',
      },
    ]);

    const unknown = await runCommand(['admin', 'grant-moderator', 'nobody'], { dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no account is named "nobody"');
    const usage = await runCommand(['admin', 'crown', 'Opal'], { dataDir });
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('usage: admin grant-moderator');
    // Each run opens the embedded database (seconds on a busy machine).
  }, 180_000);
});
