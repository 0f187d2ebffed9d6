// The catalogue's fixed vocabulary the API answers with: colour names and sales units in en, nl
// and fr. Products store the English colour name and the unit's code; a product page shows them
// in the reader's language. The demo seed builds its products from these words (seed).
import type { I18nText } from '../tables';

/** The colours products come in: their article-code suffix and their name. */
export const COLOURS: Record<string, { code: string; name: I18nText }> = {
  black: { code: 'BK', name: { en: 'Black', nl: 'Zwart', fr: 'Noir' } },
  coyote: { code: 'CY', name: { en: 'Coyote brown', nl: 'Coyotebruin', fr: 'Brun coyote' } },
  olive: { code: 'OD', name: { en: 'Olive drab', nl: 'Olijfgroen', fr: 'Vert olive' } },
  ranger: { code: 'RG', name: { en: 'Ranger green', nl: 'Rangergroen', fr: 'Vert ranger' } },
  navy: { code: 'NV', name: { en: 'Navy blue', nl: 'Marineblauw', fr: 'Bleu marine' } },
  orange: { code: 'OR', name: { en: 'Rescue orange', nl: 'Reddingsoranje', fr: 'Orange sauvetage' } },
  red: { code: 'RD', name: { en: 'Red', nl: 'Rood', fr: 'Rouge' } },
  grey: { code: 'GY', name: { en: 'Wolf grey', nl: 'Wolfsgrijs', fr: 'Gris loup' } },
  white: { code: 'WH', name: { en: 'White', nl: 'Wit', fr: 'Blanc' } },
};

/** Sales units (`1 × piece`), by their stored code. */
export const UNIT_NAMES: Record<string, I18nText> = {
  piece: { en: 'piece', nl: 'stuk', fr: 'pièce' },
  carton: { en: 'carton', nl: 'doos', fr: 'carton' },
  bundle: { en: 'bundle', nl: 'bundel', fr: 'lot' },
  box: { en: 'box', nl: 'doos', fr: 'boîte' },
  kit: { en: 'kit', nl: 'pakket', fr: 'trousse' },
  pack: { en: 'pack', nl: 'pak', fr: 'paquet' },
  pair: { en: 'pair', nl: 'paar', fr: 'paire' },
  set: { en: 'set', nl: 'stel', fr: 'ensemble' },
};

/** A colour's name in a language, from the English name stored on the product. */
export function colourName(english: string, locale: keyof I18nText): string {
  return Object.values(COLOURS).find((c) => c.name.en === english)?.name[locale] ?? english;
}
