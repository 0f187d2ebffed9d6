// One invoice or credit note: what it is and where it stands, how to pay it (the IBAN and the
// structured communication to quote), what it bills, the credit notes against it (or the invoice a
// credit note corrects), and its documents. Staff also see the e-invoice's delivery and record the
// payment.
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { isApiError } from '@portal/shared/api';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import type { InvoiceDeliveryProblem, InvoiceDetail } from '@portal/shared/schemas/orders';
import { Box, Group, Notice, SimpleGrid, Stack, Text } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { Money } from '../../../components/money';
import { useInvoice } from '../api/get-invoice';
import { DeliveryStatusBadge, InvoiceStatusBadge } from './invoice-badges';
import { InvoiceDownloads } from './invoice-downloads';
import { InvoiceLines } from './invoice-lines';
import { isPayable, PaymentReceived } from './payment-received';
import { isRetryable, RetryDelivery } from './retry-delivery';

/** A delivery problem the portal names itself, in the reader's language (an access point's error is shown as written). */
const DELIVERY_PROBLEM_MESSAGES: Record<InvoiceDeliveryProblem, string> = { no_recipient: 'invoices.delivery.noRecipient' };

function Field({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    <div>
      <dt><Text variant="subtext" component="span"><FormattedMessage id={labelId} /></Text></dt>
      <dd style={{ margin: 0 }}>{children}</dd>
    </div>
  );
}

/** `named`: false where a scroll region inside already carries the same name (two landmarks "Lines" fail axe's landmark-unique). */
function Section({ id, titleId, named = true, children }: { id: string; titleId: string; named?: boolean; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={named ? id : undefined}>
      <Text variant="subtitle" component="h3" id={id}><FormattedMessage id={titleId} /></Text>
      {children}
    </Stack>
  );
}

const day = (value: string) => <FormattedDate value={value} dateStyle="long" timeZone="UTC" />;

/** How to pay what is still due: the amount, the account and the reference that identifies the invoice. */
function PaymentInstructions({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.kind !== 'invoice' || invoice.amount_due <= 0) return null;
  return (
    <Notice tone={invoice.status === 'overdue' ? 'red' : 'blue'} title={<FormattedMessage id="invoices.pay.title" />} testId="invoice-payment">
      <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
        <Field labelId="invoices.col.amountDue"><strong><Money cents={invoice.amount_due} currency={invoice.currency} /></strong></Field>
        {invoice.iban ? <Field labelId="invoices.pay.iban"><span data-testid="invoice-iban" style={{ fontFamily: 'monospace' }}>{invoice.iban}</span></Field> : null}
        {invoice.payment_reference ? <Field labelId="invoices.pay.reference"><span data-testid="invoice-reference" style={{ fontFamily: 'monospace' }}>{invoice.payment_reference}</span></Field> : null}
      </SimpleGrid>
      {invoice.due_date ? <Box mt="xs"><FormattedMessage id="invoices.pay.by" values={{ date: day(invoice.due_date) }} /></Box> : null}
    </Notice>
  );
}

export function InvoiceDetailView({ invoice, staff }: { invoice: InvoiceDetail; staff: boolean }) {
  const locale = useLocale();
  const invoiceHref = (id: string) => `/${locale}/invoices/${encodeURIComponent(id)}`;
  return (
    <Stack gap="lg" data-testid="invoice-detail" data-invoice={invoice.number}>
      <Stack gap={4}>
        <Text variant="title" component="h2">
          <FormattedMessage id="invoices.detail.heading" values={{ kind: invoice.kind, number: invoice.number }} />
        </Text>
        <Group gap="xs">
          <InvoiceStatusBadge status={invoice.status} />
          {staff ? <DeliveryStatusBadge status={invoice.delivery_status} /> : null}
        </Group>
      </Stack>
      {staff && invoice.delivery_error ? (
        <Notice tone="red" role="status" title={<FormattedMessage id="invoices.delivery.errorTitle" />} testId="invoice-delivery-error">
          {invoice.delivery_problem ? <FormattedMessage id={DELIVERY_PROBLEM_MESSAGES[invoice.delivery_problem]} /> : invoice.delivery_error}
        </Notice>
      ) : null}
      {staff && isRetryable(invoice) ? <RetryDelivery invoice={invoice} size="sm" /> : null}
      <PaymentInstructions invoice={invoice} />
      {staff && isPayable(invoice) ? <PaymentReceived invoice={invoice} size="sm" /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
        <Field labelId="invoices.col.issued">{day(invoice.issue_date)}</Field>
        {invoice.due_date ? <Field labelId="invoices.col.due">{day(invoice.due_date)}</Field> : null}
        {invoice.paid_at ? <Field labelId="invoices.detail.paidAt"><FormattedDate value={invoice.paid_at} dateStyle="long" /></Field> : null}
        <Field labelId="invoices.col.order">
          <Link to={`/${locale}/my-orders/${encodeURIComponent(invoice.order.number)}`}>{invoice.order.number}</Link>
        </Field>
        {invoice.order.external_order_number ? <Field labelId={staff ? 'orders.detail.external.staff' : 'orders.detail.external'}>{invoice.order.external_order_number}</Field> : null}
        {staff && invoice.organisation_name ? <Field labelId="invoices.col.organisation">{invoice.organisation_name}</Field> : null}
        {invoice.credits ? (
          <Field labelId="invoices.detail.credits"><Link to={invoiceHref(invoice.credits.id)}>{invoice.credits.number}</Link></Field>
        ) : null}
      </SimpleGrid>
      <Section id="invoice-lines-heading" titleId="invoices.detail.lines" named={false}><InvoiceLines invoice={invoice} /></Section>
      {invoice.credit_notes.length ? (
        <Section id="invoice-credit-notes-heading" titleId="invoices.detail.creditNotes">
          <ul data-testid="invoice-credit-notes" style={{ margin: 0 }}>
            {invoice.credit_notes.map((note) => (
              <li key={note.id}>
                <Link to={invoiceHref(note.id)}>{note.number}</Link> · <Money cents={note.total_incl_vat} currency={invoice.currency} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section id="invoice-documents-heading" titleId="invoices.detail.documents">
        <Text variant="subtext"><FormattedMessage id="invoices.detail.documentsHint" /></Text>
        <InvoiceDownloads invoice={invoice} size="sm" />
      </Section>
    </Stack>
  );
}

/** Loads one invoice by its id and shows it; another organisation's is "not found" like a missing one. */
export function InvoiceDetailPane({ id, staff }: { id: string; staff: boolean }) {
  const intl = useIntl();
  const invoice = useInvoice(id);
  // A malformed id in the address is refused by the API (400): for the reader it is no such invoice either.
  const notFound = isApiError(invoice.error) && (invoice.error.status === 404 || invoice.error.status === 400);
  return (
    <StateRegion
      status={invoice.status}
      loadingLabel={intl.formatMessage({ id: 'invoices.detail.loading' })}
      errorTitle={<FormattedMessage id={notFound ? 'invoices.error.notFound' : 'invoices.detail.error'} />}
      onRetry={notFound ? undefined : () => void invoice.refetch()}
      retryLabel={<FormattedMessage id="orders.retry" />}
    >
      {invoice.data ? <InvoiceDetailView invoice={invoice.data} staff={staff} /> : null}
    </StateRegion>
  );
}
