import { asc, like } from 'drizzle-orm';
import type { TranslationEntry } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import type { Db } from '../../db/client';
import { translations } from '../../db/schema/index';

/** Server-managed texts are public content: every caller may read them. */
export function createTranslationsRepository(db: Db) {
  return {
    async list(_caller: Caller, prefix?: string): Promise<TranslationEntry[]> {
      const query = db.select({ key: translations.key, en: translations.en, nl: translations.nl, fr: translations.fr }).from(translations);
      const escaped = prefix?.replace(/[\\%_]/g, (c) => `\\${c}`);
      return (escaped ? query.where(like(translations.key, `${escaped}%`)) : query).orderBy(asc(translations.key));
    },
  };
}
export type TranslationsRepository = ReturnType<typeof createTranslationsRepository>;
