import pg from 'pg';

/** Runs one statement on the test PostgreSQL's admin database (PARLEY_TEST_DATABASE_URL). */
export async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the test PostgreSQL, for one test file: `create()` makes it and
 * returns its URL, `drop()` removes it (ending any connection left).
 */
export function scratchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  return {
    name,
    async create(): Promise<string> {
      await adminStatement(adminUrl, `create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    drop: () => adminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
