// Building and sending bulk uploads in the imports tests.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export const NDJSON = { 'content-type': 'application/x-ndjson' };

/** A product record with valid fields; `over` replaces any of them. */
export function productLine(code: string, category: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    article_code: code,
    version: 1,
    translations: {
      en: { name: `Product ${code}`, description: 'English text' },
      nl: { name: `Product ${code} nl`, description: 'Nederlandse tekst' },
      fr: { name: `Produit ${code}`, description: 'Texte français' },
    },
    brand: 'Import Brand',
    category,
    specs: { size: 'M' },
    unit: 'box',
    price_cents: 1295,
    ...over,
  };
}

export const ndjson = (lines: unknown[]) => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

/** A sub-category code of the seeded taxonomy. */
export async function subCategory(app: FastifyInstance): Promise<string> {
  const res = await app.database.db.execute(sql`select slug from categories where parent_id is not null order by slug limit 1`);
  return (res as unknown as { rows: { slug: string }[] }).rows[0]!.slug;
}

export function sendBulk(app: FastifyInstance, kind: string, headers: Record<string, string>, body: string, jobId: string = randomUUID()) {
  return app.inject({ method: 'POST', url: `/api/integration/v1/${kind}/bulk`, headers: { ...headers, ...NDJSON, 'import-job-id': jobId }, payload: body });
}
