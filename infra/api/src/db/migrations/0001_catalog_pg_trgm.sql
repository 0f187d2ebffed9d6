-- Trigram matching for article codes, product codes and NSNs (issue 7). PGlite loads the extension in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
