import { FormattedNumber } from 'react-intl';

/** An amount in cents, in euro unless the document says otherwise, in the page's language. */
export function Money({ cents, currency = 'EUR' }: { cents: number; currency?: string }) {
  return <FormattedNumber value={cents / 100} style="currency" currency={currency} />;
}
