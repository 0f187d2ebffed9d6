import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` turns schema changes into a new versioned SQL file in src/db/migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
