import type { users } from '../../src/db/schema.js';

/**
 * A `users` row with every column an insert requires, for tests that put people straight into the
 * database (repository and driver tests; the HTTP tests register through the API). `fields`
 * replaces any of them.
 */
export function userRow(
  username: string,
  fields: Partial<typeof users.$inferInsert> = {},
): typeof users.$inferInsert {
  return {
    username,
    email: `${username}@example.com`,
    phone: '1',
    gender: 'OTHER',
    passwordHash: 'x',
    language: 'English',
    ...fields,
  };
}
