// One order waiting for approval, as the buyer submitted it: the lines, totals and delivery address
// they saw, why it needs approval, its status and decision, and its history. An approver decides here.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import type { ApprovalRequest } from '@portal/shared/schemas/orders';
import { Link } from '@portal/shared/router';
import { Anchor, List, Notice, NOTICE_LINK, Stack, TableScroll, Text } from '@portal/shared/ui';
import { Table, Timeline } from '@portal/shared/ui/data';
import { StateRegion } from '@portal/shared/ui/status';
import { Money } from '../../../components/money';
import { useApprovalRequest } from '../api/approvals';
import { ApprovalDecisionForm } from './approval-decision';
import { ApprovalReasonText } from './approval-reason';
import { ApprovalStatusBadge } from './approval-status-badge';

function Reasons({ request }: { request: ApprovalRequest }) {
  return (
    <List data-testid="approval-reasons">
      {request.reasons.map((r, i) => (
        <List.Item key={`${r.kind}-${i}`}>
          <ApprovalReasonText reason={r} />
        </List.Item>
      ))}
    </List>
  );
}

function Lines({ request }: { request: ApprovalRequest }) {
  const intl = useIntl();
  const t = request.totals;
  // A card per line on a phone: the four columns and the totals ran to 398 px (432 in Dutch) at 390 (issue 44.3).
  return (
    <TableScroll label={intl.formatMessage({ id: 'approvals.lines' })} phoneCards>
    <Table aria-label={intl.formatMessage({ id: 'approvals.lines' })}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col"><FormattedMessage id="orders.line.description" /></Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.line.quantity" /></Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.line.unitPrice" /></Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="approvals.line.total" /></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {request.lines.map((l) => (
          <Table.Tr key={l.product_id}>
            <Table.Td>{l.name}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{l.quantity}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}><Money cents={l.unit_excl_vat} /></Table.Td>
            <Table.Td style={{ textAlign: 'right' }}><Money cents={l.unit_excl_vat * l.quantity} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {t.discount_excl_vat ? (
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}><FormattedMessage id="approvals.totals.discount" /></Table.Th>
            <Table.Td style={{ textAlign: 'right' }}>− <Money cents={t.discount_excl_vat} /></Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Th scope="row" colSpan={3}><FormattedMessage id="approvals.totals.shipping" /></Table.Th>
          <Table.Td style={{ textAlign: 'right' }}><Money cents={t.shipping_excl_vat} /></Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" colSpan={3}><FormattedMessage id="approvals.totals.vat" /></Table.Th>
          <Table.Td style={{ textAlign: 'right' }}><Money cents={t.vat} /></Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" colSpan={3}><FormattedMessage id="approvals.totals.inclVat" /></Table.Th>
          <Table.Td style={{ textAlign: 'right' }} data-testid="approval-total"><Money cents={t.incl_vat} /></Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
    </TableScroll>
  );
}

function Outcome({ request }: { request: ApprovalRequest }) {
  const locale = useLocale();
  if (request.status === 'pending') {
    return (
      <Notice tone="yellow" role="status" testId="approval-outcome">
        <FormattedMessage id={request.can_decide ? 'approvals.outcome.pendingApprover' : 'approvals.outcome.pending'} />
      </Notice>
    );
  }
  const who = { name: request.decided_by ?? '', date: request.decided_at ? <FormattedDate value={request.decided_at} dateStyle="medium" timeStyle="short" /> : '' };
  return (
    <Notice tone={request.status === 'approved' ? 'green' : 'red'} role="status" testId="approval-outcome">
      <Stack gap={4}>
        <Text>
          {request.status === 'approved' ? (
            <FormattedMessage
              id="approvals.outcome.approved"
              values={{
                ...who,
                number: request.order_number ? (
                  <Anchor component={Link} to={`/${locale}/my-orders/${encodeURIComponent(request.order_number)}`} {...NOTICE_LINK}>
                    {request.order_number}
                  </Anchor>
                ) : '',
              }}
            />
          ) : (
            <FormattedMessage id="approvals.outcome.rejected" values={who} />
          )}
        </Text>
        {request.comment ? (
          <div data-testid="approval-comment">
            <Text><FormattedMessage id="approvals.outcome.comment" values={{ comment: request.comment }} /></Text>
          </div>
        ) : null}
      </Stack>
    </Notice>
  );
}

export function ApprovalDetail({ id }: { id: string }) {
  const intl = useIntl();
  const found = useApprovalRequest(id);
  const request = found.data;
  return (
    <StateRegion
      status={found.status}
      isEmpty={!request}
      loadingLabel={intl.formatMessage({ id: 'approvals.loading' })}
      errorTitle={<FormattedMessage id="approvals.error.notFound" />}
      onRetry={() => void found.refetch()}
      retryLabel={<FormattedMessage id="orders.retry" />}
      empty={null}
    >
      {request ? (
        <Stack gap="lg" data-testid="approval-detail">
          <Stack gap={4}>
            <Text>
              <FormattedMessage id="approvals.submittedBy" values={{ name: request.buyer, date: <FormattedDate value={request.created_at} dateStyle="medium" timeStyle="short" /> }} />
            </Text>
            <div><ApprovalStatusBadge status={request.status} /></div>
          </Stack>
          <Outcome request={request} />
          <Stack gap="xs" component="section" aria-labelledby="approval-why">
            <Text variant="subtitle" component="h2" id="approval-why"><FormattedMessage id="approvals.why" /></Text>
            <Reasons request={request} />
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="approval-order">
            <Text variant="subtitle" component="h2" id="approval-order"><FormattedMessage id="approvals.order" /></Text>
            <Lines request={request} />
            <Text>
              <FormattedMessage
                id="approvals.delivery"
                values={{ address: `${request.delivery.street} ${request.delivery.nr}${request.delivery.box ? ` ${request.delivery.box}` : ''}, ${request.delivery.postal_code} ${request.delivery.city}, ${request.delivery.country}` }}
              />
            </Text>
            {request.external_order_number ? <Text><FormattedMessage id="approvals.reference" values={{ reference: request.external_order_number }} /></Text> : null}
            {request.remarks ? <Text><FormattedMessage id="approvals.remarks" values={{ remarks: request.remarks }} /></Text> : null}
          </Stack>
          {request.can_decide ? <ApprovalDecisionForm request={request} /> : null}
          <Stack gap="xs" component="section" aria-labelledby="approval-history">
            <Text variant="subtitle" component="h2" id="approval-history"><FormattedMessage id="orders.detail.history" /></Text>
            <Timeline active={request.history.length - 1} bulletSize={14} data-testid="approval-history-list">
              {request.history.map((h, i) => (
                <Timeline.Item key={`${h.event}-${i}`} title={<FormattedMessage id={`approvals.event.${h.event}`} />}>
                  <Text variant="subtext">
                    <FormattedDate value={h.at} dateStyle="medium" timeStyle="short" />
                    {h.by ? <> · <FormattedMessage id="orders.timeline.by" values={{ name: h.by }} /></> : null}
                  </Text>
                  {h.note ? <Text>{h.note}</Text> : null}
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        </Stack>
      ) : null}
    </StateRegion>
  );
}
