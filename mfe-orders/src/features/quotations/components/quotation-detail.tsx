// One quotation: a draft is edited here and sent; once sent it is read-only with the lock said in
// words; the case manager answers a sent one; the customer accepts an answered one while valid.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocale, usePortalNavigate } from '@portal/shared/navigation';
import type { Quotation } from '@portal/shared/schemas/orders';
import { Link } from '@portal/shared/router';
import { Anchor, Button, ButtonLink, Group, Notice, NOTICE_LINK, Stack, Text, confirmAction } from '@portal/shared/ui';
import { Table, Timeline } from '@portal/shared/ui/data';
import { QuotationStatusBadge, StateRegion } from '@portal/shared/ui/status';
import { ActionError } from '../../../components/error-message';
import { Money } from '../../../components/money';
import { useDeleteQuotation } from '../api/delete-quotation';
import { useQuotation } from '../api/get-quotation';
import { useQuotationStep } from '../api/quotation-step';
import { QuotationAnswerForm } from './quotation-answer-form';
import { QuotationLinesEditor } from './quotation-lines-editor';

function ReadOnlyLines({ quotation }: { quotation: Quotation }) {
  const intl = useIntl();
  return (
    <Table aria-label={intl.formatMessage({ id: 'quotations.lines' })}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col"><FormattedMessage id="orders.line.code" /></Table.Th>
          <Table.Th scope="col"><FormattedMessage id="orders.line.description" /></Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.line.quantity" /></Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.line.unitPrice" /></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {quotation.lines.map((l) => (
          <Table.Tr key={l.product_id}>
            <Table.Td>{l.article_code}</Table.Td>
            <Table.Td>{l.name}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{l.quantity}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{l.unit_price_excl_vat == null ? '—' : <Money cents={l.unit_price_excl_vat} />}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * An accepted quotation is ordered through the checkout at its quoted prices (the checkout keeps
 * the quotation id with its steps); once ordered, the order number with a link to the order.
 */
function QuotationOrder({ quotation, customer }: { quotation: Quotation; customer: boolean }) {
  const locale = useLocale();
  if (quotation.order_id) {
    // The placement writes the order number as the note of the `ordered` history row.
    const number = quotation.history?.find((h) => h.event === 'ordered')?.note ?? null;
    return (
      <Notice tone="green" role="status" testId="quotation-ordered">
        <FormattedMessage
          id="quotations.ordered"
          values={{ number: number ? <Anchor component={Link} to={`/${locale}/my-orders/${encodeURIComponent(number)}`} {...NOTICE_LINK}>{number}</Anchor> : '' }}
        />
      </Notice>
    );
  }
  if (quotation.status !== 'accepted' || !customer) return null;
  return (
    <Stack gap="sm">
      <Notice tone="green" role="status"><FormattedMessage id="quotations.acceptedNext" /></Notice>
      <Group>
        <ButtonLink component={Link} to={`/${locale}/checkout/extra-info?quotation=${encodeURIComponent(quotation.id)}`} data-testid="quotation-order">
          <FormattedMessage id="quotations.order" />
        </ButtonLink>
      </Group>
    </Stack>
  );
}

function QuotationView({ quotation, isStaff }: { quotation: Quotation; isStaff: boolean }) {
  const locale = useLocale();
  const navigate = usePortalNavigate();
  const step = useQuotationStep(quotation.id);
  const remove = useDeleteQuotation(quotation.id);
  const customer = !isStaff;
  const intl = useIntl();
  // Sending locks the quotation and deleting cannot be undone: both ask first (issue 32).
  const ask = (what: 'send' | 'delete') =>
    confirmAction({
      title: intl.formatMessage({ id: `quotations.confirm.${what}.title` }, { number: quotation.number }),
      message: intl.formatMessage({ id: `quotations.confirm.${what}.message` }),
      confirmLabel: intl.formatMessage({ id: `quotations.confirm.${what}.action` }),
      cancelLabel: intl.formatMessage({ id: 'orders.confirm.cancel' }),
      destructive: what === 'delete',
    });
  return (
    <Stack gap="lg" data-testid="quotation-detail" data-status={quotation.status}>
      <Group gap="sm">
        <Text variant="title" component="h2"><FormattedMessage id="quotations.heading" values={{ number: quotation.number }} /></Text>
        <QuotationStatusBadge status={quotation.status} />
      </Group>
      {quotation.status !== 'draft' ? (
        <Notice tone="gray" role="note" testId="quotation-locked"><FormattedMessage id="quotations.locked" /></Notice>
      ) : null}
      {quotation.valid_until ? (
        <Text><FormattedMessage id="quotations.validUntil" values={{ date: <FormattedDate value={quotation.valid_until} dateStyle="long" timeZone="UTC" /> }} /></Text>
      ) : null}
      {quotation.editable ? <QuotationLinesEditor key={JSON.stringify(quotation.lines)} quotation={quotation} /> : <ReadOnlyLines quotation={quotation} />}
      {isStaff && quotation.status === 'sent' ? <QuotationAnswerForm quotation={quotation} /> : null}
      <ActionError error={step.error ?? remove.error} />
      {customer ? (
        <Group>
          {quotation.status === 'draft' ? (
            <Button onClick={() => void ask('send').then((yes) => yes && step.mutate({ action: 'send' }))} loading={step.isPending} disabled={!quotation.lines.length}>
              <FormattedMessage id="quotations.send" />
            </Button>
          ) : null}
          {quotation.status === 'answered' ? (
            <Button onClick={() => step.mutate({ action: 'accept' })} loading={step.isPending}>
              <FormattedMessage id="quotations.accept" />
            </Button>
          ) : null}
          {quotation.status !== 'accepted' ? (
            <Button
              variant="destructive-outline"
              onClick={() => void ask('delete').then((yes) => yes && remove.mutate(undefined, { onSuccess: () => void navigate(`/${locale}/quotations`) }))}
              loading={remove.isPending}
            >
              <FormattedMessage id="quotations.delete" />
            </Button>
          ) : null}
        </Group>
      ) : null}
      <QuotationOrder quotation={quotation} customer={customer} />
      <Stack gap="xs" component="section" aria-labelledby="quotation-history">
        <Text variant="subtitle" component="h3" id="quotation-history"><FormattedMessage id="orders.detail.history" /></Text>
        <Timeline active={(quotation.history?.length ?? 1) - 1} bulletSize={14}>
          {(quotation.history ?? []).map((h, i) => (
            <Timeline.Item key={`${h.event}-${i}`} title={<FormattedMessage id={`quotations.event.${h.event}`} />}>
              <Text variant="subtext">
                <FormattedDate value={h.at} dateStyle="medium" timeStyle="short" />
                {h.by ? <> · <FormattedMessage id="orders.timeline.by" values={{ name: h.by }} /></> : null}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}

export function QuotationDetail({ id, isStaff }: { id: string; isStaff: boolean }) {
  const intl = useIntl();
  const q = useQuotation(id);
  return (
    <StateRegion status={q.status} loadingLabel={intl.formatMessage({ id: 'quotations.loading' })} errorTitle={<FormattedMessage id="quotations.error.notFound" />} onRetry={() => void q.refetch()} retryLabel={<FormattedMessage id="orders.retry" />}>
      {q.data ? <QuotationView quotation={q.data} isStaff={isStaff} /> : null}
    </StateRegion>
  );
}
