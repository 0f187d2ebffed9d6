// The lines of a quotation being ordered, at its quoted prices as the server previews them (the
// checkout of a quotation has no cart page to show them).
import { FormattedMessage, useIntl } from 'react-intl';
import type { CartLine } from '@portal/shared/schemas/checkout';
import classes from '../../../components/tables.module.css';
import { useMoney } from '../../../lib/money';

export function PreviewLines({ lines, inclVat }: { lines: CartLine[]; inclVat: boolean }) {
  const intl = useIntl();
  const money = useMoney();
  const amount = (p: CartLine['unit_price']) => (p ? money(inclVat ? p.incl_vat : p.excl_vat) : '—');
  return (
    <table className={classes.table} aria-label={intl.formatMessage({ id: 'checkout.quotation.lines' })} data-testid="quotation-lines">
      <thead>
        <tr>
          <th scope="col"><FormattedMessage id="checkout.cart.product" /></th>
          <th scope="col" className={classes.number}><FormattedMessage id="checkout.cart.quantity" /></th>
          <th scope="col" className={classes.number}><FormattedMessage id="checkout.cart.unitPrice" /></th>
          <th scope="col" className={classes.number}><FormattedMessage id="checkout.cart.lineTotal" /></th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.product_id}>
            <td>{l.name} <span>({l.article_code})</span></td>
            <td className={classes.number}>{l.quantity}</td>
            <td className={classes.number}>{amount(l.unit_price)}</td>
            <td className={classes.number}>{amount(l.line_total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
