import { LOCALE_TAGS } from '@portal/shared/i18n';
import { useLocale } from '@portal/shared/navigation';
import { formatCents } from '@portal/shared/schemas/shop';

/** Formats cents as euros in the page's language (`€ 12,50` in Dutch). */
export function useMoney(): (cents: number) => string {
  const tag = LOCALE_TAGS[useLocale()];
  return (cents) => formatCents(cents, tag);
}
