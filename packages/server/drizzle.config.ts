import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` turns schema changes into a new committed SQL migration under ./drizzle.
// Generation only diffs the schema against earlier snapshots, so it needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
