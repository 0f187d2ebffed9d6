import { createHash } from 'node:crypto';
import { asc, like } from 'drizzle-orm';
import type { TranslationEntry } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import type { Db } from '../../../db/client';
import { translations } from '../tables';

export interface TranslationList {
  entries: TranslationEntry[];
  /** Strong validator of the list, for If-None-Match. */
  etag: string;
}

/**
 * Server-managed texts are public content: every caller may read them. Every page load asks for
 * them and they change rarely, so each instance keeps a list for a few seconds.
 */
export function createTranslationsRepository(db: Db, ttlMs = 5_000) {
  const cache = new Map<string, { at: number; list: Promise<TranslationList> }>();

  async function load(prefix: string): Promise<TranslationList> {
    const query = db.select({ key: translations.key, en: translations.en, nl: translations.nl, fr: translations.fr }).from(translations);
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    const entries = await (escaped ? query.where(like(translations.key, `${escaped}%`)) : query).orderBy(asc(translations.key));
    const etag = `"${createHash('sha256').update(JSON.stringify(entries)).digest('base64url').slice(0, 27)}"`;
    return { entries, etag };
  }

  return {
    async list(_caller: Caller, prefix = ''): Promise<TranslationList> {
      const hit = cache.get(prefix);
      if (hit && Date.now() - hit.at <= ttlMs) return hit.list;
      if (cache.size >= 100) cache.clear();
      const list = load(prefix);
      cache.set(prefix, { at: Date.now(), list });
      list.catch(() => cache.delete(prefix));
      return list;
    },
  };
}
export type TranslationsRepository = ReturnType<typeof createTranslationsRepository>;
