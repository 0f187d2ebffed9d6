// What an invoice bills: its lines (unit prices as the document states them, which may hold
// fractions of a cent), the document's allowance and charge, its totals and the VAT per category
// and rate, with the legal mention of a reverse charge or an exemption.
import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { InvoiceDetail } from '@portal/shared/schemas/orders';
import { SimpleGrid, Stack, TableScroll, Text } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { Money } from '../../../components/money';

const RIGHT = { textAlign: 'right' } as const;

function Total({ labelId, children, testId }: { labelId: string; children: ReactNode; testId: string }) {
  return (
    <>
      <dt><FormattedMessage id={labelId} /></dt>
      <dd style={{ margin: 0, textAlign: 'right' }} data-testid={testId}>{children}</dd>
    </>
  );
}

/** A decimal string of the document (`12.3333`, `21.00`) as a number in the page's language, every digit kept. */
function Decimal({ value, style, currency = 'EUR' }: { value: string; style?: 'currency' | 'percent'; currency?: string }) {
  const n = Number(value);
  if (!Number.isFinite(n)) return <>{value}</>;
  const decimals = Math.max(value.split('.')[1]?.length ?? 0, style === 'currency' ? 2 : 0);
  if (style === 'percent') return <FormattedNumber value={n / 100} style="percent" maximumFractionDigits={decimals} />;
  return <FormattedNumber value={n} style="currency" currency={currency} minimumFractionDigits={decimals} maximumFractionDigits={decimals} />;
}

export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const intl = useIntl();
  const c = invoice.currency;
  return (
    <Stack gap="md">
      <TableScroll label={intl.formatMessage({ id: 'invoices.detail.lines' })}>
        <Table miw={640} data-testid="invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col"><FormattedMessage id="orders.line.code" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="orders.line.description" /></Table.Th>
              <Table.Th scope="col" style={RIGHT}><FormattedMessage id="orders.line.quantity" /></Table.Th>
              <Table.Th scope="col" style={RIGHT}><FormattedMessage id="orders.line.unitPrice" /></Table.Th>
              <Table.Th scope="col" style={RIGHT}><FormattedMessage id="invoices.line.vat" /></Table.Th>
              <Table.Th scope="col" style={RIGHT}><FormattedMessage id="orders.line.total" /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((l, n) => (
              <Table.Tr key={`${l.article_code}-${n}`}>
                <Table.Td>{l.article_code}</Table.Td>
                <Table.Td>{l.description}</Table.Td>
                <Table.Td style={RIGHT}><FormattedNumber value={l.quantity} /></Table.Td>
                <Table.Td style={RIGHT}><Decimal value={l.unit_price} style="currency" currency={c} /></Table.Td>
                <Table.Td style={RIGHT}>{l.vat_category} <Decimal value={l.vat_rate_percent} style="percent" /></Table.Td>
                <Table.Td style={RIGHT}><Money cents={l.line_total_excl_vat} currency={c} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <SimpleGrid cols={2} component="dl" m={0} maw={380} ml="auto" data-testid="invoice-totals">
        {invoice.discount_excl_vat ? <Total labelId="orders.totals.discount" testId="total-discount"><Money cents={-invoice.discount_excl_vat} currency={c} /></Total> : null}
        {invoice.shipping_excl_vat ? <Total labelId="orders.totals.shipping" testId="total-shipping"><Money cents={invoice.shipping_excl_vat} currency={c} /></Total> : null}
        <Total labelId="orders.totals.exclVat" testId="total-excl"><Money cents={invoice.total_excl_vat} currency={c} /></Total>
        <Total labelId="orders.totals.vat" testId="total-vat"><Money cents={invoice.vat} currency={c} /></Total>
        <Total labelId="orders.totals.inclVat" testId="total-incl"><strong><Money cents={invoice.total_incl_vat} currency={c} /></strong></Total>
      </SimpleGrid>
      {/* Not a named section: the table's scroll region below is named by the same heading (axe's landmark-unique). */}
      <Stack gap="xs" component="section">
        <Text variant="subtitle" component="h3" id="invoice-vat-heading"><FormattedMessage id="invoices.detail.vatBreakdown" /></Text>
        <TableScroll labelledBy="invoice-vat-heading">
          <Table miw={480} data-testid="invoice-vat">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col"><FormattedMessage id="invoices.vat.category" /></Table.Th>
                <Table.Th scope="col" style={RIGHT}><FormattedMessage id="invoices.vat.rate" /></Table.Th>
                <Table.Th scope="col" style={RIGHT}><FormattedMessage id="invoices.vat.taxable" /></Table.Th>
                <Table.Th scope="col" style={RIGHT}><FormattedMessage id="invoices.vat.amount" /></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.vat_breakdown.map((row) => (
                <Table.Tr key={`${row.category}-${row.rate_percent}`}>
                  <Table.Td>
                    <FormattedMessage id={`invoices.vat.category.${KNOWN_CATEGORIES.has(row.category) ? row.category : 'other'}`} values={{ code: row.category }} />
                    {row.exemption_reason ? <div><small>{row.exemption_reason}</small></div> : null}
                  </Table.Td>
                  <Table.Td style={RIGHT}><Decimal value={row.rate_percent} style="percent" /></Table.Td>
                  <Table.Td style={RIGHT}><Money cents={row.taxable} currency={c} /></Table.Td>
                  <Table.Td style={RIGHT}><Money cents={row.vat} currency={c} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Stack>
    </Stack>
  );
}

/** EN 16931's VAT categories the portal issues (issue 30); any other is shown by its code. */
const KNOWN_CATEGORIES: ReadonlySet<string> = new Set(['S', 'AE', 'K', 'Z', 'E']);
