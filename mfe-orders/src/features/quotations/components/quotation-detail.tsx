// One quotation: a draft is edited here and sent; once sent it is read-only with the lock said in
// words; the case manager answers a sent one; the customer accepts an answered one while valid.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocale, usePortalNavigate } from '@portal/shared/navigation';
import type { Quotation } from '@portal/shared/schemas/orders';
import { Alert, Button, Group, Stack, Text } from '@portal/shared/ui';
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

function QuotationView({ quotation, isStaff }: { quotation: Quotation; isStaff: boolean }) {
  const locale = useLocale();
  const navigate = usePortalNavigate();
  const step = useQuotationStep(quotation.id);
  const remove = useDeleteQuotation(quotation.id);
  const customer = !isStaff;
  return (
    <Stack gap="lg" data-testid="quotation-detail" data-status={quotation.status}>
      <Group gap="sm">
        <Text variant="title" component="h2"><FormattedMessage id="quotations.heading" values={{ number: quotation.number }} /></Text>
        <QuotationStatusBadge status={quotation.status} />
      </Group>
      {quotation.status !== 'draft' ? (
        <Alert color="gray" role="note" data-testid="quotation-locked"><FormattedMessage id="quotations.locked" /></Alert>
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
            <Button onClick={() => step.mutate({ action: 'send' })} loading={step.isPending} disabled={!quotation.lines.length}>
              <FormattedMessage id="quotations.send" />
            </Button>
          ) : null}
          {quotation.status === 'answered' ? (
            <Button onClick={() => step.mutate({ action: 'accept' })} loading={step.isPending}>
              <FormattedMessage id="quotations.accept" />
            </Button>
          ) : null}
          {quotation.status !== 'accepted' ? (
            <Button variant="destructive-outline" onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate(`/${locale}/quotations`) })} loading={remove.isPending}>
              <FormattedMessage id="quotations.delete" />
            </Button>
          ) : null}
        </Group>
      ) : null}
      {quotation.status === 'accepted' && customer ? (
        <Alert color="green" role="status"><FormattedMessage id="quotations.acceptedNext" /></Alert>
      ) : null}
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
