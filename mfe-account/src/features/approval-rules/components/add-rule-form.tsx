// A new approval rule: an order total above an amount, products of chosen categories, or any
// order by chosen users. One kind at a time; the choices are checkboxes (keyboard and screen
// readers need nothing more), the amount a number in euro.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { APPROVAL_RULE_KINDS, type ApprovalRuleInput, type ApprovalRuleKind } from '@portal/shared/schemas/account';
import { Button, Notice, Stack, Text } from '@portal/shared/ui';
import { Checkbox, Fieldset, Radio } from '@portal/shared/ui/choice';
import { NumberInput } from '@portal/shared/ui/number-input';
import { SavedNotice } from '../../../lib/saved-notice';
import { useAddRule, useRuleOptions } from '../api/approval-rules';

function Choices({ legend, items, chosen, onChange, testId }: { legend: string; items: { id: string | number; name: string }[]; chosen: Set<string>; onChange: (next: Set<string>) => void; testId: string }) {
  return (
    <Fieldset legend={legend} data-testid={testId} style={{ maxHeight: '18rem', overflowY: 'auto' }}>
      <Stack gap={6}>
        {items.map((item) => (
          <Checkbox
            key={item.id}
            label={item.name}
            checked={chosen.has(String(item.id))}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.currentTarget.checked) next.add(String(item.id));
              else next.delete(String(item.id));
              onChange(next);
            }}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}

export function AddRuleForm() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const options = useRuleOptions();
  const add = useAddRule();
  const [kind, setKind] = useState<ApprovalRuleKind>('order_total_above');
  const [amount, setAmount] = useState<number | string>('');
  const [categories, setCategories] = useState<Set<string>>(new Set());
  const [users, setUsers] = useState<Set<string>>(new Set());
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState(false);

  function rule(): ApprovalRuleInput | null {
    if (kind === 'order_total_above') {
      const euros = typeof amount === 'number' ? amount : Number.NaN;
      return Number.isFinite(euros) && euros >= 0 ? { kind, amount_cents: Math.round(euros * 100) } : null;
    }
    if (kind === 'categories') return categories.size ? { kind, category_ids: [...categories].map(Number) } : null;
    return users.size ? { kind, user_ids: [...users] } : null;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const input = rule();
    setInvalid(!input);
    if (!input) return;
    try {
      await add.mutateAsync(input);
      setSaved(true);
      setAmount('');
      setCategories(new Set());
      setUsers(new Set());
    } catch {
      // Said below (add.isError).
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="add-rule-title">
      <Stack gap="sm" maw={640}>
        <Text variant="subtitle" component="h2" id="add-rule-title"><FormattedMessage id="account.approvalRules.add" /></Text>
        <Radio.Group label={t('account.approvalRules.kind')} value={kind} onChange={(value) => setKind(value as ApprovalRuleKind)}>
          <Stack gap={6} mt={4}>
            {APPROVAL_RULE_KINDS.map((k) => <Radio key={k} value={k} label={t(`account.approvalRules.kind.${k}`)} />)}
          </Stack>
        </Radio.Group>
        {kind === 'order_total_above' ? (
          <NumberInput
            label={t('account.approvalRules.amount')}
            description={t('account.approvalRules.amountHint')}
            value={amount}
            onChange={setAmount}
            min={0}
            max={1_000_000}
            decimalScale={2}
            prefix="€ "
            required
            error={invalid ? t('account.approvalRules.invalid.amount') : undefined}
            data-testid="rule-amount"
          />
        ) : null}
        {kind === 'categories' ? <Choices legend={t('account.approvalRules.categories')} items={options.data?.categories ?? []} chosen={categories} onChange={setCategories} testId="rule-categories" /> : null}
        {kind === 'users' ? <Choices legend={t('account.approvalRules.users')} items={options.data?.users ?? []} chosen={users} onChange={setUsers} testId="rule-users" /> : null}
        {invalid && kind !== 'order_total_above' ? <Notice tone="red" role="alert" title={t('account.approvalRules.invalid.choice')} /> : null}
        {add.isError ? <Notice tone="red" role="alert" title={t('account.approvalRules.error.save')} /> : null}
        {saved ? <SavedNotice><FormattedMessage id="account.approvalRules.saved" /></SavedNotice> : null}
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }} data-testid="add-rule">
          <FormattedMessage id="account.approvalRules.addButton" />
        </Button>
      </Stack>
    </form>
  );
}
