// The organisation's rule for an order over what is left of its cost centre's budget: refused, or
// sent for approval (the buyer's checkout submits it for approval; an approver decides).
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { OVER_BUDGET_RULES, type OverBudgetRule } from '@portal/shared/schemas/account';
import { Button, Group } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useSetBudgetRule } from '../api/cost-centres';

export function BudgetRuleForm({ rule }: { rule: OverBudgetRule }) {
  const intl = useIntl();
  const [value, setValue] = useState<OverBudgetRule>(rule);
  const save = useSetBudgetRule();
  const [state, setState] = useState<'saved' | 'failed' | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState(null);
    try {
      await save.mutateAsync(value);
      setState('saved');
    } catch {
      setState('failed');
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={intl.formatMessage({ id: 'account.budgets.rule.form' })}>
      <Group align="flex-end">
        <NativeSelect
          label={<FormattedMessage id="account.budgets.rule.label" />}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value as OverBudgetRule)}
          data={OVER_BUDGET_RULES.map((r) => ({ value: r, label: intl.formatMessage({ id: `account.budgets.rule.${r}` }) }))}
        />
        <Button type="submit" variant="outline" loading={save.isPending}>
          <FormattedMessage id="account.budgets.rule.save" />
        </Button>
      </Group>
      {state === 'saved' && (
        <SavedNotice>
          <FormattedMessage id="account.budgets.rule.saved" />
        </SavedNotice>
      )}
      {state === 'failed' && (
        <FailedNotice>
          <FormattedMessage id="account.error.generic" />
        </FailedNotice>
      )}
    </form>
  );
}
