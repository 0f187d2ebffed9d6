// Why a request waits for approval, in a sentence: the rule met or, for a budget exceeded (issue 33),
// the cost centre and what was left of its budget when the buyer submitted. The queue and the
// request's page say it alike.
import { FormattedMessage } from 'react-intl';
import type { ApprovalReason } from '@portal/shared/schemas/orders';
import { Money } from '../../../components/money';

export function ApprovalReasonText({ reason }: { reason: ApprovalReason }) {
  const amount = reason.amount_cents === null ? '' : <Money cents={reason.amount_cents} />;
  const name = reason.cost_centre ? `${reason.cost_centre.code} — ${reason.cost_centre.name}` : '—';
  return <FormattedMessage id={`approvals.reason.${reason.kind}`} values={{ amount, name }} />;
}
