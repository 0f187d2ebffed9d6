import { FormattedMessage } from 'react-intl';
import { formatCents, type Price, type StockState } from '@portal/shared/schemas/shop';
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
  /** The product's stock state: outside the contract there is no price to speak of, not "on request". */
  state?: StockState;
}

/** A price formatted for the locale, with "excl. VAT" / "incl. VAT", or "Price on request". */
export function PriceTag({ price, inclVat, large, state }: PriceTagProps) {
  const tag = LOCALE_TAGS[useLocale()];
  // The stock badge beside it says "Not within contract" (issue 32: this said "Price on request").
  if (state === 'not_within_contract') return null;
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
