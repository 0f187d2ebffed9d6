// The buyer's orders waiting for approval and, for approvers and administrators, the queue of the
// organisation's requests waiting for a decision.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { List, Stack, Text } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { StateRegion } from '@portal/shared/ui/status';
import { Money } from '../../../components/money';
import { useApprovalRequests, type ApprovalView } from '../api/approvals';
import { ApprovalReasonText } from './approval-reason';
import { ApprovalStatusBadge } from './approval-status-badge';

export function ApprovalList({ view }: { view: ApprovalView }) {
  const intl = useIntl();
  const locale = useLocale();
  const list = useApprovalRequests(view);
  const items = list.data?.items ?? [];
  const caption = intl.formatMessage({ id: `approvals.caption.${view}` });
  return (
    <Stack gap="sm">
      <StateRegion
        status={list.status}
        isEmpty={items.length === 0}
        loadingLabel={intl.formatMessage({ id: 'approvals.loading' })}
        errorTitle={<FormattedMessage id="approvals.error.list" />}
        onRetry={() => void list.refetch()}
        retryLabel={<FormattedMessage id="orders.retry" />}
        empty={<Text><FormattedMessage id={`approvals.empty.${view}`} /></Text>}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={caption} data-testid={`approvals-${view}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col"><FormattedMessage id="orders.col.date" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="approvals.col.buyer" /></Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="approvals.col.total" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="approvals.col.reasons" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="orders.col.status" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="approvals.col.order" /></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((r) => (
                <Table.Tr key={r.id} data-request={r.id}>
                  <Table.Td>
                    <Link to={`/${locale}/my-orders/approvals/${r.id}`}>
                      <FormattedDate value={r.created_at} dateStyle="medium" timeStyle="short" />
                    </Link>
                  </Table.Td>
                  <Table.Td>{r.buyer}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}><Money cents={r.total_incl_vat} /></Table.Td>
                  {/* Why it waits (a budget exceeded names its cost centre and what was left): the approver sees it in the queue. */}
                  <Table.Td data-testid="approval-reasons">
                    <List size="sm">
                      {r.reasons.map((reason, i) => (
                        <List.Item key={`${reason.kind}-${i}`}><ApprovalReasonText reason={reason} /></List.Item>
                      ))}
                    </List>
                  </Table.Td>
                  <Table.Td><ApprovalStatusBadge status={r.status} /></Table.Td>
                  <Table.Td>{r.order_number ? <Link to={`/${locale}/my-orders/${encodeURIComponent(r.order_number)}`}>{r.order_number}</Link> : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </StateRegion>
    </Stack>
  );
}
