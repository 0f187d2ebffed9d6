import { FormattedMessage } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link, useParams } from '@portal/shared/router';
import { Anchor, PageIntro } from '@portal/shared/ui';
import { useApprovalRequest } from '../features/approvals/api/approvals';
import { ApprovalDetail } from '../features/approvals/components/approval-detail';

// Once decided the request is no longer "waiting for approval" (issue 44.12): the title says how it ended.
const TITLES = { pending: 'title.approval', approved: 'approvals.title.approved', rejected: 'approvals.title.rejected' } as const;

/** One order waiting for approval: the buyer follows it; an approver approves or rejects it. */
export default function ApprovalDetailPage() {
  const { id = '' } = useParams();
  const locale = useLocale();
  const status = useApprovalRequest(id).data?.status ?? 'pending';
  return (
    <>
      <Anchor component={Link} to={`/${locale}/my-orders/approvals`}>
        <FormattedMessage id="approvals.back" />
      </Anchor>
      <PageIntro titleId={TITLES[status]} introId={status === 'pending' ? 'approvals.detail.intro' : 'approvals.detail.introDecided'} />
      <ApprovalDetail id={id} />
    </>
  );
}
