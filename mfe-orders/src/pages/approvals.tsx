import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '@portal/shared/session';
import { PageIntro, SegmentedControl, Stack } from '@portal/shared/ui';
import { ApprovalList } from '../features/approvals/components/approval-list';
import type { ApprovalView } from '../features/approvals/api/approvals';

/** Orders waiting for approval: the buyer's own, and for approvers and administrators the queue (issue 33). */
export default function ApprovalsPage() {
  const intl = useIntl();
  const role = useSession((s) => s.claims?.role);
  const approver = role === 'approver' || role === 'admin';
  const [view, setView] = useState<ApprovalView>(approver ? 'queue' : 'mine');
  return (
    <>
      <PageIntro titleId="title.approvals" introId={approver ? 'approvals.approver.intro' : 'approvals.buyer.intro'} />
      <Stack gap="md">
        {approver ? (
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'approvals.view' })}
            value={view}
            onChange={(value) => setView(value as ApprovalView)}
            data={(['queue', 'all', 'mine'] as const).map((v) => ({ value: v, label: intl.formatMessage({ id: `approvals.view.${v}` }) }))}
            style={{ alignSelf: 'flex-start' }}
          />
        ) : null}
        <ApprovalList view={view} />
        <FormattedMessage id="approvals.mailNote" tagName="p" />
      </Stack>
    </>
  );
}
