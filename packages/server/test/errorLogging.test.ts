import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { withSafeErrorLogging } from '../src/http/errors.js';

// A failed query's error carries its SQL and parameters (a message's text, a name): the logger's
// `err` serializer leaves them out, at every level.

const pglite = new PGlite();
afterAll(() => pglite.close());

describe('error logging', () => {
  it('logs a failed query without its SQL, parameters or detail, keeping its type, code and stack', async () => {
    const db = drizzle(pglite);
    await db.execute(sql`create table notes (id int primary key, body text)`);
    await db.execute(sql`insert into notes values (1, 'first')`);
    const error = await db
      .execute(sql`insert into notes values (1, ${'my secret message text'})`)
      .catch((e: unknown) => e as Error);
    // The premise: the raw error names both.
    expect(String((error as Error).message)).toContain('my secret message text');

    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = Fastify({ logger: withSafeErrorLogging({ level: 'info', stream }) });
    app.log.error({ err: error }, 'unhandled error');
    await app.close();

    const logged = lines.join('');
    expect(logged).not.toContain('my secret message text');
    expect(logged).not.toContain('insert into notes');
    expect(logged).not.toContain('Key (id)=(1)');
    const line = JSON.parse(lines[0] ?? '{}') as {
      err: { type: string; message: string; stack: string; cause: { code: string } };
    };
    expect(line.err.message).toBe('Failed query (statement and parameters not logged)');
    expect(line.err.stack).toMatch(/\n {4}at /);
    expect(line.err.cause.code).toBe('23505');
  });
});
