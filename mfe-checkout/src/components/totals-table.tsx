// The amounts of a cart, a preview or an order: shipping, discount, VAT and the totals excluding and
// including VAT. The one the buyer pays comes last, in bold: in a web shop the amount including VAT
// (what the customer pays online), in the portal the one the VAT toggle prefers.
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShopType } from '@portal/shared/schemas/shop';
import { useMoney } from '../lib/money';
import classes from './tables.module.css';

export interface TotalsTableProps {
  excl_vat: number;
  incl_vat: number;
  vat?: number;
  shipping_excl_vat?: number;
  discount_excl_vat?: number;
  /** Whether the buyer prefers prices including VAT. */
  inclVat: boolean;
  /** The shop of the cart or order: a web shop's customer pays including VAT, whatever the toggle. */
  shop: ShopType;
  /** Where no Belgian VAT is charged: the legal mentions the invoice will carry, in the reader's language (from the API). */
  vatMentions?: string[] | undefined;
}

type Row = { id: string; cents: number; strong?: boolean };

export function TotalsTable({ excl_vat, incl_vat, vat, shipping_excl_vat, discount_excl_vat, inclVat: prefersInclVat, shop, vatMentions }: TotalsTableProps) {
  const intl = useIntl();
  const inclVat = prefersInclVat || shop !== 'portal';
  const money = useMoney();
  const rows: Row[] = [];
  if (shipping_excl_vat !== undefined) rows.push({ id: 'checkout.totals.shipping', cents: shipping_excl_vat });
  if (discount_excl_vat) rows.push({ id: 'checkout.totals.discount', cents: -Math.abs(discount_excl_vat) });
  const excl: Row = { id: 'checkout.totals.exclVat', cents: excl_vat, strong: !inclVat };
  const incl: Row = { id: 'checkout.totals.inclVat', cents: incl_vat, strong: inclVat };
  const vatRow: Row = { id: 'checkout.totals.vat', cents: vat ?? incl_vat - excl_vat };
  const ordered = inclVat ? [...rows, excl, vatRow, incl] : [...rows, vatRow, incl, excl];
  return (
    <>
    <table className={classes.totals} aria-label={intl.formatMessage({ id: 'checkout.totals.title' })} data-testid="totals">
      <tbody>
        {ordered.map(({ id, cents, strong }) => (
          <tr key={id} data-total={id.split('.').pop()} data-strong={strong || undefined}>
            <th scope="row">
              <FormattedMessage id={id} />
            </th>
            <td>{money(cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
    {vatMentions?.map((mention) => (
      <p key={mention} className={classes.vatMention} data-testid="vat-mention">
        {mention}
      </p>
    ))}
    </>
  );
}
