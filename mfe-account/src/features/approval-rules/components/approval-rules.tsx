// The organisation's approval rules (administrators): an order that meets one is submitted for
// approval instead of placed. Each rule in words, with its removal (asked first).
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { APPROVAL_ERRORS, type ApprovalRule } from '@portal/shared/schemas/account';
import { Button, Stack, Text, confirmAction } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { failureOf } from '../../../lib/failure';
import { AdminsOnly } from '../../../lib/admins-only';
import { FailedNotice } from '../../../lib/saved-notice';
import { useApprovalRules, useRemoveRule } from '../api/approval-rules';
import { AddRuleForm } from './add-rule-form';

function RuleText({ rule }: { rule: ApprovalRule }) {
  if (rule.kind === 'order_total_above') {
    return <FormattedMessage id="account.approvalRules.rule.order_total_above" values={{ amount: <FormattedNumber value={(rule.amount_cents ?? 0) / 100} style="currency" currency="EUR" /> }} />;
  }
  const names = (rule.kind === 'categories' ? rule.categories : rule.users).map((x) => x.name).join(', ');
  return <FormattedMessage id={`account.approvalRules.rule.${rule.kind}`} values={{ names }} />;
}

export function ApprovalRules() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const rules = useApprovalRules();
  const remove = useRemoveRule();
  if (rules.isError && failureOf(rules.error).code === APPROVAL_ERRORS.ADMINS_ONLY) {
    return (
      <AdminsOnly area="approvalRules" />
    );
  }
  const list = rules.data?.items ?? [];

  async function onRemove(rule: ApprovalRule) {
    const yes = await confirmAction({
      title: t('account.approvalRules.remove.title'),
      message: t('account.approvalRules.remove.message'),
      confirmLabel: t('account.approvalRules.remove.confirm'),
      cancelLabel: t('account.approvalRules.remove.cancel'),
      destructive: true,
    });
    if (yes) remove.mutate(rule.id);
  }

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="rules-title">
        <Text variant="subtitle" component="h2" id="rules-title"><FormattedMessage id="account.approvalRules.current" /></Text>
        {remove.isError ? <FailedNotice><FormattedMessage id="account.approvalRules.error.remove" /></FailedNotice> : null}
        <StateRegion
          status={rules.status}
          isEmpty={list.length === 0}
          skeletonRows={2}
          loadingLabel={t('account.loading')}
          errorTitle={t('account.error.load')}
          onRetry={() => void rules.refetch()}
          retryLabel={t('account.retry')}
          empty={<Text><FormattedMessage id="account.approvalRules.empty" /></Text>}
        >
          <ul data-testid="approval-rules" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((rule, i) => (
              <li key={rule.id} style={{ display: 'flex', gap: '1rem', alignItems: 'center', justifyContent: 'space-between', paddingBlock: '0.5rem', borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                {/* The rule's words wrap; the button keeps its label whole ("Suppri", issue 44.5). */}
                <div style={{ flex: 1, minWidth: 0 }}><Text><RuleText rule={rule} /></Text></div>
                <Button variant="destructive" size="xs" style={{ flexShrink: 0 }} onClick={() => void onRemove(rule)} aria-label={intl.formatMessage({ id: 'account.approvalRules.remove.label' }, { n: i + 1 })}>
                  <FormattedMessage id="account.approvalRules.remove.button" />
                </Button>
              </li>
            ))}
          </ul>
        </StateRegion>
      </Stack>
      <AddRuleForm />
    </Stack>
  );
}
