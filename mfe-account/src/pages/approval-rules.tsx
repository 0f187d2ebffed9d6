import { PageIntro } from '@portal/shared/ui';
import { ApprovalRules } from '../features/approval-rules/components/approval-rules';

/** The organisation's approval rules (administrators only, issue 33). */
export default function ApprovalRulesPage() {
  return (
    <>
      <PageIntro titleId="title.approval_rules" introId="account.approvalRules.intro" />
      <ApprovalRules />
    </>
  );
}
