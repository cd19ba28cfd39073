// drizzle-kit: `npm run db:generate -w server -- --name=xyz` writes a versioned SQL migration for schema changes;
// `npm run db:custom -w server -- --name=xyz` starts a hand-written one (roles, RLS policies).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
