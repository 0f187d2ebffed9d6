import { FormattedNumber } from 'react-intl';

/** An amount in cents, in euro, in the page's language. */
export function Money({ cents }: { cents: number }) {
  return <FormattedNumber value={cents / 100} style="currency" currency="EUR" />;
}
