import { chmod, lstat, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { narrowPermissions, preparePrivateDir } from '../src/dataDir/privateFiles.js';

let parent = '';
afterEach(() => rm(parent, { recursive: true, force: true }));

const modeOf = async (path: string) => (await lstat(path)).mode & 0o7777;

describe('private data directory', () => {
  it('creates DATA_DIR with mode 0700 and says it was not open to others', async () => {
    parent = await mkdtemp(join(tmpdir(), 'parley-private-'));
    const dir = join(parent, 'a', 'data');
    expect(await preparePrivateDir(dir)).toBe(false);
    expect(await modeOf(dir)).toBe(0o700);
  });

  it('narrows a DATA_DIR made by an older version, and everything in it, to its owner', async () => {
    parent = await mkdtemp(join(tmpdir(), 'parley-private-'));
    const dir = join(parent, 'data');
    await mkdir(join(dir, 'db', 'pg_wal'), { recursive: true });
    await writeFile(join(dir, 'db', 'pg_wal', '000000010000000000000001'), 'wal');
    await writeFile(join(dir, 'jwt-secret'), 'secret');
    const outside = join(parent, 'outside.txt');
    await writeFile(outside, 'not ours to change');
    await symlink(outside, join(dir, 'link'));
    for (const path of [dir, join(dir, 'db'), join(dir, 'db', 'pg_wal')]) await chmod(path, 0o777);
    for (const path of [
      join(dir, 'db', 'pg_wal', '000000010000000000000001'),
      join(dir, 'jwt-secret'),
      outside,
    ]) {
      await chmod(path, 0o666);
    }

    expect(await preparePrivateDir(dir)).toBe(true);
    expect(await modeOf(dir)).toBe(0o700);
    expect(await narrowPermissions(dir)).toBe(4);
    expect(await modeOf(join(dir, 'db'))).toBe(0o700);
    expect(await modeOf(join(dir, 'db', 'pg_wal', '000000010000000000000001'))).toBe(0o600);
    expect(await modeOf(join(dir, 'jwt-secret'))).toBe(0o600);
    // A link is not followed out of the data directory.
    expect(await modeOf(outside)).toBe(0o666);
  });
});
