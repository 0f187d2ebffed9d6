import { FormattedMessage } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link, useParams } from '@portal/shared/router';
import { Anchor, PageIntro } from '@portal/shared/ui';
import { ApprovalDetail } from '../features/approvals/components/approval-detail';

/** One order waiting for approval: the buyer follows it; an approver approves or rejects it. */
export default function ApprovalDetailPage() {
  const { id = '' } = useParams();
  const locale = useLocale();
  return (
    <>
      <Anchor component={Link} to={`/${locale}/my-orders/approvals`}>
        <FormattedMessage id="approvals.back" />
      </Anchor>
      <PageIntro titleId="title.approval" introId="approvals.detail.intro" />
      <ApprovalDetail id={id} />
    </>
  );
}
