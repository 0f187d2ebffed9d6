// The approver's decision on a waiting request: a comment, then approve (the order is placed in the
// buyer's name) or reject. When prices, stock or the range changed since the buyer submitted, the
// answer says what; the approver then approves the changed order or rejects it.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as v from 'valibot';
import { isApiError } from '@portal/shared/api';
import { APPROVAL_ERRORS, ApprovalChangeSchema, type ApprovalChange, type ApprovalRequest } from '@portal/shared/schemas/orders';
import { Button, Group, Notice, Stack, Text } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { Textarea } from '@portal/shared/ui/forms';
import { Money } from '../../../components/money';
import { useDecide } from '../api/approvals';

const ChangesSchema = v.object({ changes: v.array(ApprovalChangeSchema) });

const ERRORS: Record<string, string> = {
  [APPROVAL_ERRORS.DECIDED]: 'approvals.error.decided',
  [APPROVAL_ERRORS.OWN_REQUEST]: 'approvals.error.own',
  [APPROVAL_ERRORS.APPROVERS_ONLY]: 'approvals.error.approversOnly',
};

function ChangeValue({ change, value }: { change: ApprovalChange; value: number | null }) {
  if (value === null) return <FormattedMessage id="approvals.change.none" />;
  return change.kind === 'price' ? <Money cents={value} /> : <>{value}</>;
}

/** What changed since submission, line by line. */
export function ApprovalChanges({ changes }: { changes: ApprovalChange[] }) {
  const intl = useIntl();
  return (
    <Notice tone="violet" role="alert" testId="approval-changes" title={<FormattedMessage id="approvals.changes.title" />}>
      <Stack gap="xs">
        <Text><FormattedMessage id="approvals.changes.intro" /></Text>
        <Table aria-label={intl.formatMessage({ id: 'approvals.changes.title' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col"><FormattedMessage id="orders.line.description" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="approvals.change.what" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="approvals.change.before" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="approvals.change.after" /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => (
              <Table.Tr key={`${c.product_id}-${c.kind}`}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td><FormattedMessage id={`approvals.change.${c.kind}`} /></Table.Td>
                <Table.Td><ChangeValue change={c} value={c.before} /></Table.Td>
                <Table.Td><ChangeValue change={c} value={c.after} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Notice>
  );
}

export function ApprovalDecisionForm({ request }: { request: ApprovalRequest }) {
  const intl = useIntl();
  const decide = useDecide(request.id);
  const [comment, setComment] = useState('');
  // A line that left the range or the stock cannot be approved as it is: only rejected.
  const acceptable = request.changes.length > 0 && request.changes.every((c) => c.kind === 'price');
  const error = decide.error;
  const changed = isApiError(error) && error.code === APPROVAL_ERRORS.CHANGED ? v.safeParse(ChangesSchema, error.data) : null;
  const errorId = isApiError(error) && error.code !== APPROVAL_ERRORS.CHANGED ? (ERRORS[error.code] ?? 'approvals.error.generic') : error && !isApiError(error) ? 'approvals.error.generic' : null;

  function submit(decision: 'approve' | 'reject', acceptChanges = false) {
    decide.mutate({ decision, comment: comment.trim(), accept_changes: acceptChanges });
  }

  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit('approve');
      }}
      aria-labelledby="approval-decision"
    >
      <Stack gap="sm">
        <Text variant="subtitle" component="h2" id="approval-decision"><FormattedMessage id="approvals.decision.title" /></Text>
        {request.changes.length ? <ApprovalChanges changes={request.changes} /> : changed?.success ? <ApprovalChanges changes={changed.output.changes} /> : null}
        {errorId ? <Notice tone="red" role="alert" testId="decision-error" title={<FormattedMessage id={errorId} />} /> : null}
        <Textarea
          label={<FormattedMessage id="approvals.decision.comment" />}
          description={<FormattedMessage id="approvals.decision.commentHint" />}
          value={comment}
          maxLength={2000}
          autosize
          minRows={2}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Group>
          {request.changes.length ? (
            acceptable ? (
              <Button type="button" onClick={() => submit('approve', true)} loading={decide.isPending} data-testid="approve-changed">
                <FormattedMessage id="approvals.decision.approveChanged" />
              </Button>
            ) : null
          ) : (
            <Button type="submit" loading={decide.isPending} data-testid="approve">
              <FormattedMessage id="approvals.decision.approve" />
            </Button>
          )}
          <Button type="button" variant="destructive-outline" onClick={() => submit('reject')} loading={decide.isPending} data-testid="reject" aria-label={intl.formatMessage({ id: 'approvals.decision.reject' })}>
            <FormattedMessage id="approvals.decision.reject" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
