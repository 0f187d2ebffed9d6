import { FormattedMessage } from 'react-intl';
import { formatCents, type Price } from '@portal/shared/schemas/shop';
import { Text } from '@portal/shared/ui';
import { LOCALE_TAGS } from '@portal/shared/i18n';
import { useLocale } from '@portal/shared/navigation';

export interface PriceTagProps {
  /** Null: price on request. */
  price: Price | null;
  /** Show the price including VAT. */
  inclVat: boolean;
  /** Larger text on the detail page. */
  large?: boolean;
}

/** A price formatted for the locale, with "excl. VAT" / "incl. VAT", or "Price on request". */
export function PriceTag({ price, inclVat, large }: PriceTagProps) {
  const tag = LOCALE_TAGS[useLocale()];
  if (!price) {
    return (
      <Text variant={large ? 'heading' : 'body'} className="catalog-price">
        <FormattedMessage id="catalog.price.onRequest" />
      </Text>
    );
  }
  return (
    <div data-testid="price">
      <Text variant={large ? 'heading' : 'body'} className="catalog-price">
        <strong>{formatCents(inclVat ? price.incl_vat : price.excl_vat, tag)}</strong>{' '}
        <Text component="span" variant="caption">
          <FormattedMessage id={inclVat ? 'catalog.price.inclVat' : 'catalog.price.exclVat'} />
        </Text>
      </Text>
    </div>
  );
}
